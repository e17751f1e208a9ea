// What other features use of monitoring; inside the feature, files import each other directly.
export { withReporter } from './reporterLoader';
