// What other features use of config; inside the feature, files import each other directly.
export { useAuthGuardSetting } from './configApi';
