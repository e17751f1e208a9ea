// What other features use of account; inside the feature, files import each other directly.
export { DeleteAccountButton } from './DeleteAccountButton';
export { DownloadMyDataButton } from './DownloadMyDataButton';
