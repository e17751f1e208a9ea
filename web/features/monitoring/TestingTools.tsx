import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MONITORING_MESSAGES } from '../../../shared/ops/monitoring';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import {
  captureError,
  captureWarning,
  flushMonitoring,
  reportEvent,
  reportMetric,
  trackUserAction,
} from './reporter';

const COMPONENT = 'TestingTools';
/** Spec 002 §7: a GET to an endpoint that does not exist stands for a network error. */
export const NONEXISTENT_ENDPOINT = '/api/monitoring/this-endpoint-does-not-exist';

/** A metric value must be a number (spec 002 §5); blank is not zero. */
export function parseMetricValue(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function MetricForm() {
  const [name, setName] = useState('custom.metric');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMetricValue(value);
    if (parsed === null) {
      setError(MONITORING_MESSAGES.invalidMetricValue);
      return;
    }
    setError(null);
    reportMetric({
      name: name.trim() || 'custom.metric',
      value: parsed,
      unit: 'ms',
      tags: { source: 'testing-tools' },
    });
    void flushMonitoring();
    toast.success('Performance metric recorded');
    setValue('');
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="metric-name">Metric name</Label>
          <Input
            id="metric-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="metric-value">Performance value (ms)</Label>
          <Input
            id="metric-value"
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? 'metric-value-error' : undefined}
          />
        </div>
      </div>
      {error && <Alert id="metric-value-error">{error}</Alert>}
      <Button type="submit" className="self-start">
        Record Metric
      </Button>
    </form>
  );
}

/** Spec 002 §2 screen 4: tools that produce real telemetry through the client reporter. */
export function TestingTools() {
  const triggerError = () => {
    trackUserAction('Triggered a test error', COMPONENT);
    captureError(new Error('Test error triggered from Testing Tools'), COMPONENT);
    void flushMonitoring();
    toast.success('Test error reported');
  };
  const triggerWarning = () => {
    captureWarning('Test warning triggered from Testing Tools', COMPONENT);
    void flushMonitoring();
    toast.success('Test warning reported');
  };
  const triggerNetworkError = async () => {
    try {
      const res = await fetch(NONEXISTENT_ENDPOINT, { credentials: 'same-origin' });
      if (res.ok) {
        toast.info('The request succeeded, so there was no network error to report');
        return;
      }
      reportEvent({
        type: 'error',
        severity: 'medium',
        message: `Backend API error: ${res.status} ${res.statusText}`,
        context: { url: NONEXISTENT_ENDPOINT },
        metadata: { component: COMPONENT },
      });
    } catch (error) {
      captureError(error, COMPONENT);
    }
    void flushMonitoring();
    toast.success('Network error reported');
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Errors and warnings</CardTitle>
          <CardDescription>Each one appears under Events on the dashboard.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="destructive" onClick={triggerError}>
            Trigger Test Error
          </Button>
          <Button variant="outline" onClick={triggerWarning}>
            Trigger Test Warning
          </Button>
          <Button variant="outline" onClick={() => void triggerNetworkError()}>
            Test Network Error
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Performance metric</CardTitle>
          <CardDescription>Recorded under Performance on the dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <MetricForm />
        </CardContent>
      </Card>
    </div>
  );
}
