// What other features use of calls; inside the feature, files import each other directly.
export { CallButtons } from './CallButtons';
