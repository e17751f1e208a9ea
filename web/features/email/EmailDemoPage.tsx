import { PageHeader } from '../../components/PageHeader';
import { OwnerOnly } from '../ops';
import { EmailDashboard } from './EmailDashboard';

export function EmailDemoPage() {
  return (
    <OwnerOnly title="Email Service">
      <PageHeader
        title="Email Service"
        description="The outgoing email queue, templates and test emails."
      />
      <EmailDashboard />
    </OwnerOnly>
  );
}
