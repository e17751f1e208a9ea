import { ArrowDownRight, ArrowUpRight, ChartNoAxesColumn, Minus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsScope,
} from '../../../shared/analytics';
import { LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useSession } from '../auth';
import { useGetAnalyticsQuery } from './analyticsApi';
import {
  chartRows,
  chartsOf,
  formatChange,
  hasData,
  RANGE_LABELS,
  statCards,
  type StatCard,
} from './analyticsView';

const AnalyticsCharts = lazy(() =>
  import('./AnalyticsCharts').then(({ AnalyticsCharts }) => ({ default: AnalyticsCharts })),
);

function ChangeBadge({ change }: { change: number | null }) {
  const Icon = change === null || change === 0 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs',
        change !== null && change > 0 && 'text-emerald-600 dark:text-emerald-400',
        change !== null && change < 0 && 'text-destructive',
        (change === null || change === 0) && 'text-muted-foreground',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      <span>
        {formatChange(change)}
        <span className="sr-only"> compared with the previous period</span>
      </span>
    </p>
  );
}

function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="analytics-stats">
      {cards.map((card) => (
        <Card key={card.key} className="grid gap-1 p-5" data-testid={`stat-${card.key}`}>
          <dt className="text-sm font-medium text-muted-foreground">{card.label}</dt>
          <dd
            className="text-2xl font-semibold tabular-nums"
            data-testid={`stat-${card.key}-value`}
          >
            {card.value}
          </dd>
          <dd>
            <ChangeBadge change={card.change} />
          </dd>
          <dd className="text-xs text-muted-foreground">{card.hint}</dd>
        </Card>
      ))}
    </dl>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const period = `${RANGE_LABELS[report.range].toLowerCase()} (${report.period.from} to ${report.period.to}, UTC)`;
  return (
    <div className="grid gap-6">
      <StatCards cards={statCards(report)} />
      <p className="text-xs text-muted-foreground">
        Changes compare with {report.previousPeriod.from} to {report.previousPeriod.to}.
      </p>
      {hasData(report) ? (
        <Suspense fallback={<LoadingState label="Loading charts..." />}>
          <AnalyticsCharts
            specs={chartsOf(report.scope, report.currency)}
            rows={chartRows(report)}
            period={period}
          />
        </Suspense>
      ) : (
        <Card className="py-12 text-center" data-testid="analytics-empty">
          <ChartNoAxesColumn className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-medium">No activity in this period</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {report.scope === 'site'
              ? 'Views, likes, comments, shares, active members and ad revenue will show here.'
              : 'Views of your posts and profile, their likes, comments and shares, and new followers will show here.'}
          </p>
        </Card>
      )}
    </div>
  );
}

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
  name,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  name: (value: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? 'default' : 'outline'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {name(option)}
        </Button>
      ))}
    </div>
  );
}

const SCOPES: readonly AnalyticsScope[] = ['site', 'me'];
const SCOPE_NAMES: Record<AnalyticsScope, string> = { site: 'Whole site', me: 'My content' };

/**
 * `/analytics` (001 §2): total views, active users, engagement rate and revenue over a range,
 * each against the period before, with charts. Owners choose between the site and their own
 * content; everyone else sees their own.
 */
export function AnalyticsPage() {
  const { user } = useSession();
  const isOwner = user?.role === 'owner';
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [chosenScope, setScope] = useState<AnalyticsScope>('site');
  const scope = isOwner ? chosenScope : 'me';
  const query = useGetAnalyticsQuery({ range, scope }, { skip: !user });

  let body;
  if (query.isError) {
    body = (
      <Alert data-testid="analytics-error">
        <p>Analytics could not be loaded. Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!query.data || query.isFetching) {
    body = <LoadingState label="Loading analytics..." />;
  } else {
    body = <Report report={query.data} />;
  }

  return (
    <>
      <PageHeader
        title="Analytics"
        description={
          scope === 'site'
            ? 'Views, active users, engagement rate and revenue across Agora.'
            : 'Views and engagement of your posts and profile, and your new followers.'
        }
      >
        <div className="flex flex-wrap items-center gap-3">
          {isOwner && (
            <Choice
              label="Whose figures"
              options={SCOPES}
              value={scope}
              onChange={setScope}
              name={(option) => SCOPE_NAMES[option]}
            />
          )}
          <Choice
            label="Time range"
            options={ANALYTICS_RANGES}
            value={range}
            onChange={setRange}
            name={(option) => RANGE_LABELS[option]}
          />
        </div>
      </PageHeader>
      {body}
    </>
  );
}
