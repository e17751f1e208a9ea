import * as Tabs from '@radix-ui/react-tabs';
import { PageHeader } from '../../components/PageHeader';
import { LogViewer } from '../logs';
import { OwnerOnly } from '../ops';
import { MonitoringDashboard } from './MonitoringDashboard';
import { TabStrip } from '../../components/TabStrip';
import { TestingTools } from './TestingTools';

export function MonitoringDemoPage() {
  return (
    <OwnerOnly title="Monitoring and Logging">
      <PageHeader
        title="Monitoring and Logging"
        description="Events, performance metrics, alerts and logs."
      />
      <Tabs.Root defaultValue="dashboard" className="flex flex-col gap-4">
        <TabStrip
          label="Monitoring and Logging Demo"
          tabs={[
            { value: 'dashboard', label: 'Monitoring Dashboard' },
            { value: 'tools', label: 'Testing Tools' },
            { value: 'logs', label: 'Logs' },
          ]}
        />
        <Tabs.Content value="dashboard">
          <MonitoringDashboard />
        </Tabs.Content>
        <Tabs.Content value="tools">
          <TestingTools />
        </Tabs.Content>
        <Tabs.Content value="logs">
          <LogViewer />
        </Tabs.Content>
      </Tabs.Root>
    </OwnerOnly>
  );
}
