import { PageHeader } from '../../components/PageHeader';

export function MarketplacePage() {
  return (
    <PageHeader
      title="Marketplace Development"
      description="How businesses build and grow marketplaces."
    />
  );
}

export function BusinessPage() {
  return (
    <PageHeader
      title="Business Solutions"
      description="Tools for businesses to reach customers and measure results."
    />
  );
}

export { BusinessAccountPage } from './BusinessAccountPage';
export { CreateOrganizationPage } from '../organizations/CreateOrganizationPage';

export function OrganizationalPage() {
  return (
    <PageHeader
      title="Organizational Development"
      description="Principles, tools and a roadmap for growing your organization."
    />
  );
}

export function AnalyticsPage() {
  return (
    <PageHeader title="Analytics" description="Views, active users, engagement rate and revenue." />
  );
}

export function AppsPage() {
  return <PageHeader title="Apps" description="Applications you build on Agora." />;
}
