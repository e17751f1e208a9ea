import {
  DATABASE_MESSAGES,
  type DatabaseStatus,
  type ReadTargetStatus,
} from '../../../shared/ops/database';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Card } from '../../components/ui/card';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMetricValue } from './PerformancePanel';

const lag = (target: ReadTargetStatus) =>
  target.role === 'primary'
    ? '—'
    : target.lagBytes === null && target.lagSeconds === null
      ? 'unknown'
      : `${target.lagBytes === null ? '?' : formatMetricValue(target.lagBytes, 'bytes')} · ${
          target.lagSeconds === null ? '?' : formatMetricValue(target.lagSeconds, 's')
        }`;

/** Where this process's reads go: the primary and each read replica (docs/operations.md). */
export function DatabasePanel(props: {
  data: DatabaseStatus | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (props.isLoading) return <LoadingState label="Loading the database status…" />;
  if (props.isError || !props.data) {
    return <ErrorState title={DATABASE_MESSAGES.loadFailed} onRetry={props.onRetry} />;
  }
  if (!props.data.replicasConfigured) {
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        {DATABASE_MESSAGES.noReplicas}
      </p>
    );
  }
  return (
    <Card className="p-0">
      <TableScroll label="Read targets">
        <table className="w-full text-sm">
          <caption className="sr-only">Primary and read replicas</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Database</th>
              <th className="px-3 py-2 font-medium">In rotation</th>
              <th className="px-3 py-2 font-medium">Lag (bytes · seconds)</th>
              <th className="px-3 py-2 font-medium">Reads served</th>
            </tr>
          </thead>
          <tbody>
            {props.data.targets.map((target) => (
              <tr key={target.name} className="border-t" data-testid="read-target">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {target.role === 'primary' ? 'Primary' : `Replica ${target.name}`}
                </th>
                <td className="px-3 py-2">
                  {target.inRotation ? 'Yes' : `No${target.reason ? `: ${target.reason}` : ''}`}
                </td>
                <td className="px-3 py-2 tabular-nums">{lag(target)}</td>
                <td className="px-3 py-2 tabular-nums">{target.readsServed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}
