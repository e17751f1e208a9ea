// What other features use of email; inside the feature, files import each other directly.
export { EmailLinkPage } from './EmailLinkPage';
