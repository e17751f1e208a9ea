/* What other features place on their screens (the settings pages). */
export { ChangePasswordButton } from './ChangePasswordButton';
export { TwoFactorButton, TwoFactorDialog } from './TwoFactorButton';
export { useGetTwoFactorQuery } from './securityApi';
