import { PageHeader } from '../../components/PageHeader';

export function PasswordRotationPage() {
  return (
    <PageHeader
      title="Password Rotation Required"
      description="Choose a new password to keep your account secure."
    />
  );
}
