export { DeleteAccountButton, DownloadMyDataButton } from './StandIns';
