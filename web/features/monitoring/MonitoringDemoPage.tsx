import { PageHeader } from '../../components/PageHeader';
import { OwnerOnly } from '../ops/OwnerOnly';

export function MonitoringDemoPage() {
  return (
    <OwnerOnly title="Monitoring and Logging">
      <PageHeader
        title="Monitoring and Logging"
        description="Events, performance metrics, alerts and logs."
      />
    </OwnerOnly>
  );
}
