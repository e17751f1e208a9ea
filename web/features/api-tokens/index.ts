// What other features use of api-tokens; inside the feature, files import each other directly.
export { ApiTokensPanel } from './ApiTokensPanel';
