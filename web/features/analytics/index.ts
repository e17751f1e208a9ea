// What other features use of analytics; inside the feature, files import each other directly.
export { useRootPageView } from './pageViews';
