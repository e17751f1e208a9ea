import { Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  DEMO_FLOATING_CYCLE_MS,
  DEMO_FLOATING_VARIATIONS,
  DEMO_INLINE_CYCLE_MS,
  DEMO_INLINE_PAGES,
  DEMO_PRICES,
  FADE_MS,
  IMPRESSION_VISIBLE_MS,
  IMPRESSION_VISIBLE_RATIO,
  INDICATOR_DOTS,
  MOBILE_MAX_WIDTH,
  ROTATION_RANDOM_SPREAD_MS,
  AD_EVENTS_BATCH_MAX,
  AD_EVENTS_FLUSH_MS,
  type AdDefinition,
  type AdPlacement,
} from '../../../shared/ads';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useSession } from '../auth';
import { adsForPlacement } from './adSelection';
import { useGetAdsConfigQuery, useGetAdsMetricsQuery } from './adsApi';
import { formatCount, formatRevenue } from './adsFormat';
import { sessionTally } from './adRuntime';
import { InlineAd, InlineLayer } from './InlineAd';
import { MetricsTable } from './MetricsTable';
import { FLOATING_PLACEMENT_ID } from './placements';
import { RotatingAds, rotationOf, showComingSoon } from './RotatingAds';
import { useDevice } from './useAdHooks';
import { TableScroll } from '../../components/ui/table-scroll';

export { AdsManagePage } from './AdsManagePage';

const seconds = (ms: number) => `${ms / 1000} s`;

function RotationRules({ placements }: { placements: readonly AdPlacement[] }) {
  const rules: [string, string][] = [
    ['Order', 'Active ads, highest priority first'],
    [
      'Devices',
      `A window ${MOBILE_MAX_WIDTH} px wide or less is mobile: mobile ads there, desktop ads elsewhere, “all” ads everywhere`,
    ],
    [
      'Rotation',
      'The shown ad advances by one after a random wait and wraps around; hover or focus pauses it',
    ],
    ['Fade', `${FADE_MS} ms between ads (none when you ask for reduced motion)`],
    ['Indicator', `The floating card shows ${INDICATOR_DOTS} dots; choose one to show that ad`],
    [
      'Impression',
      `Counted once per showing, when ${IMPRESSION_VISIBLE_RATIO * 100}% of the ad has been visible for ${seconds(IMPRESSION_VISIBLE_MS)}`,
    ],
    [
      'Sending',
      `Impressions and clicks go to the server every ${seconds(AD_EVENTS_FLUSH_MS)} and when the page is hidden, at most ${AD_EVENTS_BATCH_MAX} at a time`,
    ],
    ...placements.map((placement): [string, string] => [
      placement.id,
      `${placement.type}, at most ${placement.maxAds} ads, ${
        placement.autoRotate
          ? `every ${seconds(placement.rotationInterval)} to ${seconds(placement.rotationInterval + ROTATION_RANDOM_SPREAD_MS)}, at random`
          : 'not rotating'
      }, z-index ${placement.zIndex}`,
    ]),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rules.map(([term, detail]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="text-muted-foreground">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The owner sees every member's numbers; a member sees this tab's own. */
function LiveMetrics({ definitions }: { definitions: readonly AdDefinition[] }) {
  const { user } = useSession();
  return user?.role === 'owner' ? (
    <OwnerMetrics definitions={definitions} />
  ) : (
    <SessionMetrics definitions={definitions} />
  );
}

function OwnerMetrics({ definitions }: { definitions: readonly AdDefinition[] }) {
  const metrics = useGetAdsMetricsQuery();
  if (metrics.isLoading) return <LoadingState label="Loading metrics…" />;
  if (!metrics.data) {
    return <ErrorState title="The metrics could not be loaded" onRetry={metrics.refetch} />;
  }
  return <MetricsTable report={metrics.data} definitions={definitions} />;
}

function SessionMetrics({ definitions }: { definitions: readonly AdDefinition[] }) {
  const tally = useSyncExternalStore(sessionTally.subscribe, sessionTally.get);
  return (
    <TableScroll label="What this tab has counted" className="rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="ads-session-metrics">
        <caption className="px-3 pt-2 text-left text-xs text-muted-foreground">
          What this tab has counted
        </caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Ad
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Impressions
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {definitions.map((ad) => (
            <tr key={ad.id} data-ad-id={ad.id} className="border-b last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {ad.title}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatCount(tally[ad.id]?.impressions ?? 0)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatCount(tally[ad.id]?.clicks ?? 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Loading and error states of a demo page; `children` draws once the ads are known. */
function WithAds({
  children,
}: {
  children: (definitions: AdDefinition[], placements: AdPlacement[]) => ReactNode;
}) {
  const config = useGetAdsConfigQuery();
  if (config.isLoading) return <LoadingState label="Loading ads…" />;
  if (!config.data) {
    return <ErrorState title="The ads could not be loaded" onRetry={config.refetch} />;
  }
  return <>{children(config.data.definitions, config.data.placements)}</>;
}

function FloatingPreview({
  definitions,
  placement,
}: {
  definitions: readonly AdDefinition[];
  placement: AdPlacement;
}) {
  const device = useDevice();
  const ads = adsForPlacement(definitions, placement, device);
  if (ads.length === 0) {
    return <p className="text-sm text-muted-foreground">No floating ad targets this device.</p>;
  }
  return (
    <div className="w-64 max-w-full">
      <RotatingAds {...rotationOf(placement)} ads={ads} dots />
    </div>
  );
}

/** 002 §2, 19: how ads rotate, both placements live, and their metrics beside them. */
export function TestAdsPage() {
  return (
    <>
      <PageHeader
        title="Test Ads"
        description="How sponsored cards rotate in the floating and feed placements."
      />
      <WithAds>
        {(definitions, placements) => {
          const floating = placements.find((p) => p.id === FLOATING_PLACEMENT_ID);
          return (
            <div className="grid gap-6">
              <Card>
                <CardHeader>
                  <h2 className="font-semibold">How ads rotate</h2>
                </CardHeader>
                <CardContent>
                  <RotationRules placements={placements} />
                </CardContent>
              </Card>
              <div className="grid gap-6 lg:grid-cols-[max-content_1fr]">
                <section aria-labelledby="demo-floating" className="grid content-start gap-3">
                  <h2 id="demo-floating" className="font-semibold">
                    Floating placement
                  </h2>
                  {floating && <FloatingPreview definitions={definitions} placement={floating} />}
                </section>
                <section aria-labelledby="demo-inline" className="grid content-start gap-3">
                  <h2 id="demo-inline" className="font-semibold">
                    Feed placement
                  </h2>
                  <InlineAd />
                  <h2 className="mt-4 font-semibold">Live metrics</h2>
                  <LiveMetrics definitions={definitions} />
                </section>
              </div>
            </div>
          );
        }}
      </WithAds>
    </>
  );
}

const SAMPLE_PLANS = [
  { name: 'Premium', perks: ['No ads', 'Profile badge'] },
  { name: 'Pro', perks: ['No ads', 'Advanced analytics', 'Priority support'] },
  { name: 'Team', perks: ['No ads', 'Shared workspaces', 'Admin controls', 'Team analytics'] },
].map((plan, index) => ({ ...plan, price: DEMO_PRICES[index] ?? 0 }));

function SponsorCards() {
  return (
    <section aria-labelledby="demo-plans" className="grid gap-3">
      <h2 id="demo-plans" className="font-semibold">
        Plans
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {SAMPLE_PLANS.map((plan) => (
          <Card key={plan.name} className="flex flex-col">
            <CardHeader>
              <h3 className="font-semibold">{plan.name}</h3>
              <CardDescription>
                <span className="text-2xl font-semibold text-foreground">
                  {formatRevenue(plan.price, 'USD')}
                </span>{' '}
                per month
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-4">
              <ul className="grid gap-1 text-sm">
                {plan.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              <Button className="mt-auto" onClick={showComingSoon}>
                Subscribe to {plan.name}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

const SAMPLE_POSTS = [
  'Shipped the new onboarding flow today. Feedback welcome!',
  'Anyone going to the meetup on Thursday? Saving seats near the front.',
  'Three things I learned from a year of writing every morning.',
];

function pageNumberOf(pathname: string): number {
  const number = Number(/feed-ad(\d)$/.exec(pathname)?.[1] ?? '1');
  return number >= 1 && number <= DEMO_INLINE_PAGES ? number : 1;
}

/** Moves to the next demo page every 5 s until paused (WCAG 2.2.2: moving content can stop). */
function useCyclePages(page: number, paused: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => {
      void navigate(`/ads/feed-ad${(page % DEMO_INLINE_PAGES) + 1}`, { replace: true });
    }, DEMO_INLINE_CYCLE_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, page, paused]);
}

/** 002 §2, 19 and §9 Demo: a feed with its inline ad, the 4 pages cycling, and sample plans. */
export function FeedAdPage() {
  const { pathname } = useLocation();
  const page = pageNumberOf(pathname);
  const [paused, setPaused] = useState(false);
  useCyclePages(page, paused);

  return (
    <>
      <PageHeader
        title={`Feed Ad ${page}`}
        description="A sponsored card as it appears between posts in the feed."
      >
        <Button variant="outline" onClick={() => setPaused(!paused)} aria-pressed={paused}>
          {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
          {paused ? 'Resume cycling' : 'Pause cycling'}
        </Button>
      </PageHeader>
      <nav aria-label="Demo pages" className="mb-6 flex gap-2">
        {Array.from({ length: DEMO_INLINE_PAGES }, (_, i) => i + 1).map((n) => (
          <Link
            key={n}
            to={`/ads/feed-ad${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              n === page ? 'bg-primary text-primary-foreground' : 'bg-muted hover:bg-accent',
            )}
          >
            Page {n}
          </Link>
        ))}
      </nav>
      <WithAds>
        {(definitions, placements) => (
          <FeedAdDemo page={page} definitions={definitions} placements={placements} />
        )}
      </WithAds>
    </>
  );
}

function FeedAdDemo({
  page,
  definitions,
  placements,
}: {
  page: number;
  definitions: readonly AdDefinition[];
  placements: readonly AdPlacement[];
}) {
  const inline = placements.find((p) => p.type === 'inline');
  const floating = placements.find((p) => p.type === 'floating');
  const device = useDevice();
  const inlineAds = inline ? adsForPlacement(definitions, inline, device) : [];
  const pageAd = inlineAds.length > 0 ? inlineAds[(page - 1) % inlineAds.length] : undefined;
  const variations = [...definitions]
    .filter((ad) => ad.active)
    .sort((a, b) => b.priority - a.priority)
    .slice(0, DEMO_FLOATING_VARIATIONS);

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_max-content]">
      <div className="grid content-start gap-4">
        {SAMPLE_POSTS.map((text, index) => (
          <Card key={text}>
            <CardContent className="pt-6">
              <p className="text-sm text-muted-foreground">Sample post {index + 1}</p>
              <p className="mt-1">{text}</p>
            </CardContent>
          </Card>
        ))}
        {inline && pageAd && (
          <InlineLayer zIndex={inline.zIndex} placementId={inline.id}>
            <RotatingAds
              key={pageAd.id}
              {...rotationOf(inline)}
              ads={[pageAd]}
              autoRotate={false}
            />
          </InlineLayer>
        )}
        <SponsorCards />
      </div>
      {floating && variations.length > 0 && (
        <section aria-labelledby="demo-variations" className="grid content-start gap-3">
          <h2 id="demo-variations" className="font-semibold">
            Floating variations
          </h2>
          <div className="w-64 max-w-full">
            <RotatingAds
              {...rotationOf(floating)}
              ads={variations}
              intervalMs={DEMO_FLOATING_CYCLE_MS}
              autoRotate
              dots
            />
          </div>
        </section>
      )}
    </div>
  );
}
