export { ChangePasswordButton, TwoFactorButton } from './StandIns';
