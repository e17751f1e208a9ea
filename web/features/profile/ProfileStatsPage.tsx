import { skipToken } from '@reduxjs/toolkit/query';
import { ChartLine } from 'lucide-react';
import { useState } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Engagement, Profile } from '../../../shared/profiles';
import { LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  DEFAULT_ENGAGEMENT_RANGE,
  ENGAGEMENT_RANGES,
  ENGAGEMENT_SERIES,
  engagementRows,
  engagementTotals,
  hasActivity,
  type EngagementRange,
} from './engagement';
import { useGetEngagementQuery } from './profileApi';
import { ProfileStatsTiles } from './ProfileStatsTiles';
import { SubjectPage } from './SubjectPage';

/**
 * `/profile/stats`: the stats tiles and the engagement graph. A page of its own so that recharts
 * loads with it and nowhere else.
 */
export function ProfileStatsPage() {
  return (
    <SubjectPage loadingLabel="Loading stats...">
      {(profile) => <Stats key={profile.id} profile={profile} />}
    </SubjectPage>
  );
}

function Stats({ profile }: { profile: Profile }) {
  const name = profile.displayName || profile.username;
  return (
    <>
      <PageHeader
        title="Stats"
        description={
          profile.isSelf
            ? 'Activity and engagement of your profile.'
            : `Activity and engagement of ${name}.`
        }
      />
      <div className="grid gap-6">
        <ProfileStatsTiles stats={profile.stats} userId={profile.id} isSelf={profile.isSelf} />
        <EngagementCard userId={profile.detailsVisible ? profile.id : null} />
      </div>
    </>
  );
}

function EngagementCard({ userId }: { userId: string | null }) {
  const [days, setDays] = useState<EngagementRange>(DEFAULT_ENGAGEMENT_RANGE);
  const query = useGetEngagementQuery(userId ? { userId, days } : skipToken);
  const points = query.data?.points ?? [];

  let body;
  if (userId === null) {
    body = (
      <p className="py-12 text-center text-sm text-muted-foreground">
        This member's engagement is private.
      </p>
    );
  } else if (query.isLoading || (query.isFetching && !query.data)) {
    body = <LoadingState label="Loading engagement..." />;
  } else if (query.isError) {
    body = (
      <Alert data-testid="engagement-error">
        <p>The engagement could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!hasActivity(points)) {
    body = (
      <div className="py-12 text-center" data-testid="engagement-empty">
        <ChartLine className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">No activity in the last {days} days</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Posts, likes, comments and new followers will show here.
        </p>
      </div>
    );
  } else {
    body = <EngagementChart points={points} days={days} />;
  }

  return (
    <Card className="grid gap-4 p-5" data-testid="engagement-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Engagement</h2>
        <div role="group" aria-label="Period" className="flex gap-1">
          {ENGAGEMENT_RANGES.map((range) => (
            <Button
              key={range}
              size="sm"
              variant={range === days ? 'default' : 'outline'}
              aria-pressed={range === days}
              onClick={() => setDays(range)}
            >
              {range} days
            </Button>
          ))}
        </div>
      </div>
      {body}
    </Card>
  );
}

function EngagementChart({ points, days }: { points: Engagement['points']; days: number }) {
  const rows = engagementRows(points);
  const totals = engagementTotals(points);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="engagement-totals">
        {ENGAGEMENT_SERIES.map(({ key, label, color }) => (
          <div key={key} className="rounded-lg border p-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span aria-hidden className="size-2 rounded-full" style={{ background: color }} />
              {label}
            </dt>
            <dd className="text-xl font-semibold tabular-nums">{totals[key]}</dd>
          </div>
        ))}
      </dl>
      <figure
        className="h-72"
        aria-label={`Posts, likes, comments and new followers per day over the last ${days} days`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="label" fontSize={11} minTickGap={16} />
            <YAxis fontSize={11} width={40} allowDecimals={false} />
            <Tooltip />
            <Legend />
            {ENGAGEMENT_SERIES.map(({ key, label, color }) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={label}
                stroke={color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </>
  );
}
