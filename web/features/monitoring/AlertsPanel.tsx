import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  MONITORING_SEVERITIES,
  type Alert,
  type MonitoringSeverity,
} from '../../../shared/ops/monitoring';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SeverityBadge } from './EventsPanel';
import { formatDateTime } from './format';
import { useAcknowledgeAlertMutation, useCreateAlertMutation } from './monitoringApi';

function AlertCard({ alert }: { alert: Alert }) {
  const [acknowledge, { isLoading }] = useAcknowledgeAlertMutation();
  const onAcknowledge = () => {
    acknowledge(alert.id)
      .unwrap()
      .catch(() => toast.error('Failed to acknowledge the alert'));
  };
  return (
    <Card
      className="flex flex-col gap-2 p-4"
      data-testid="monitoring-alert"
      data-alert-id={alert.id}
      aria-label={alert.title}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={alert.severity} />
        <h3 className="font-medium">{alert.title}</h3>
        {alert.resolved && (
          <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs text-success">
            Resolved
          </span>
        )}
        <time dateTime={alert.timestamp} className="ml-auto text-xs text-muted-foreground">
          {formatDateTime(alert.timestamp)}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">{alert.message}</p>
      {alert.acknowledged && alert.acknowledgedBy ? (
        <p className="flex items-center gap-1.5 text-sm text-success">
          <CheckCircle2 className="size-4" aria-hidden />
          Acknowledged by {alert.acknowledgedBy.name}
        </p>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          disabled={isLoading || alert.version === 0}
          onClick={onAcknowledge}
          aria-label={`Acknowledge ${alert.title}`}
        >
          Acknowledge
        </Button>
      )}
    </Card>
  );
}

function CreateAlertForm() {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [severity, setSeverity] = useState<MonitoringSeverity>('medium');
  const [create, { isLoading }] = useCreateAlertMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create({ title: title.trim(), message: message.trim(), severity })
      .unwrap()
      .then(() => {
        setTitle('');
        setMessage('');
        toast.success('Alert created');
      })
      .catch(() => toast.error('Failed to create the alert'));
  };
  return (
    <Card className="p-4">
      <form
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[1fr_2fr_auto_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="alert-title">Alert title</Label>
          <Input
            id="alert-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="alert-message">Alert message</Label>
          <Input
            id="alert-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={2000}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="alert-severity">Alert severity</Label>
          <select
            id="alert-severity"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as MonitoringSeverity)}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            {MONITORING_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={isLoading || !title.trim() || !message.trim()}>
          Create Alert
        </Button>
      </form>
    </Card>
  );
}

export function AlertsPanel(props: {
  alerts: Alert[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <CreateAlertForm />
      {props.isLoading ? (
        <LoadingState label="Loading alerts…" />
      ) : props.isError ? (
        <ErrorState title="Alerts could not be loaded" onRetry={props.onRetry} />
      ) : !props.alerts || props.alerts.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">No alerts.</p>
      ) : (
        <ul aria-label="Alerts" className="flex flex-col gap-2">
          {props.alerts.map((alert) => (
            <li key={alert.id}>
              <AlertCard alert={alert} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
