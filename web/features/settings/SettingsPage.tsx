import { PageHeader } from '../../components/PageHeader';

export function SettingsPage() {
  return (
    <PageHeader
      title="Settings"
      description="Your profile, privacy, security, notifications and theme."
    />
  );
}
