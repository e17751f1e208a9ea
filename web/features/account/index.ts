export { DeleteAccountButton } from './DeleteAccountButton';
export { DownloadMyDataButton } from './DownloadMyDataButton';
