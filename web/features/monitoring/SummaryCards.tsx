import { Activity, AlertTriangle, Bell, Clock, XCircle } from 'lucide-react';
import type { ComponentType } from 'react';
import { formatDuration, type MonitoringSummary } from '../../../shared/ops/monitoring';
import { Card } from '../../components/ui/card';

function SummaryCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  return (
    <Card className="flex items-center gap-3 p-4" role="group" aria-label={label}>
      <span className="flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums" data-testid={`summary-${label}`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: MonitoringSummary | undefined }) {
  const show = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const response = summary?.avgResponseTimeMs;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <SummaryCard label="Total Events" value={show(summary?.totalEvents)} icon={Activity} />
      <SummaryCard label="Errors" value={show(summary?.errors)} icon={XCircle} />
      <SummaryCard label="Warnings" value={show(summary?.warnings)} icon={AlertTriangle} />
      <SummaryCard label="Active Alerts" value={show(summary?.activeAlerts)} icon={Bell} />
      <SummaryCard
        label="Avg Response Time"
        value={response === null || response === undefined ? '—' : formatDuration(response)}
        icon={Clock}
      />
    </div>
  );
}
