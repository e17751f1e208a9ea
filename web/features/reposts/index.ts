// What other features use of reposts; inside the feature, files import each other directly.
export { QuoteComposerProvider } from './QuoteComposerProvider';
