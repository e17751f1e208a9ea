import { PageHeader } from '../../components/PageHeader';

export function BusinessAccountPage() {
  return (
    <PageHeader
      title="Business Account"
      description="Your business profile, contact details, business hours and services."
    />
  );
}

export function CreateOrganizationPage() {
  return (
    <PageHeader
      title="Create Organization"
      description="Set up an organization for your team or company."
    />
  );
}
