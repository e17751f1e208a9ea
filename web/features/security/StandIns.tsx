import { Button } from '../../components/ui/button';

/** Stand-ins so the Privacy tab compiles here: the security work replaces this file at merge. */
export function ChangePasswordButton() {
  return <Button variant="outline">Change Password</Button>;
}

export function TwoFactorButton() {
  return <Button variant="outline">Two-Factor Authentication</Button>;
}
