// What other features use of security; inside the feature, files import each other directly.
export { ChangePasswordButton } from './ChangePasswordButton';
export { TwoFactorButton, TwoFactorDialog } from './TwoFactorButton';
export { useGetTwoFactorQuery, useRequirePasswordRotationMutation } from './securityApi';
