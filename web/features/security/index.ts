/* What other features place on their screens (the settings' Privacy tab). */
export { ChangePasswordButton } from './ChangePasswordButton';
export { TwoFactorButton } from './TwoFactorButton';
