import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { useLiveFeature } from '../connection';
import { OwnerOnly, useFallbackPolling } from '../ops';
import { AdDefinitionEditor, PlacementEditor } from './AdEditors';
import { useGetAdsConfigQuery, useGetAdsMetricsQuery } from './adsApi';
import { MetricsTable } from './MetricsTable';

/** While the live channel is down, the metrics are fetched this often instead. */
const FALLBACK_REFRESH_MS = 10_000;

const TITLE = 'Ads';

function AdsPanel() {
  useLiveFeature('ads');
  const pollingInterval = useFallbackPolling(FALLBACK_REFRESH_MS);
  const config = useGetAdsConfigQuery();
  const metrics = useGetAdsMetricsQuery(undefined, { pollingInterval });

  if (config.isLoading || metrics.isLoading) return <LoadingState label="Loading ads…" />;
  if (!config.data || !metrics.data) {
    return (
      <ErrorState
        title="The ads could not be loaded"
        onRetry={() => {
          void config.refetch();
          void metrics.refetch();
        }}
      />
    );
  }
  const { definitions, placements } = config.data;

  return (
    <div className="grid gap-8">
      <section aria-labelledby="ads-metrics-heading" className="grid gap-3">
        <h2 id="ads-metrics-heading" className="text-lg font-semibold">
          Metrics
        </h2>
        {metrics.data.ads.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-center text-sm text-muted-foreground">
            No ad has been shown yet.
          </p>
        ) : (
          <MetricsTable report={metrics.data} definitions={definitions} />
        )}
      </section>

      <section aria-labelledby="ads-definitions-heading" className="grid gap-3">
        <h2 id="ads-definitions-heading" className="text-lg font-semibold">
          Ads
        </h2>
        {definitions.length === 0 ? (
          <p className="rounded-xl border bg-card p-6 text-center text-sm text-muted-foreground">
            There are no ads to edit.
          </p>
        ) : (
          definitions.map((ad) => (
            <details key={ad.id} className="group rounded-xl border bg-card">
              <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-ring">
                <span className="min-w-0">
                  <span className="font-medium break-words">{ad.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {ad.id} · priority {ad.priority} · {ad.deviceTarget}
                  </span>
                </span>
                <span className="text-xs font-medium text-muted-foreground">
                  {ad.active ? 'Active' : 'Paused'}
                </span>
              </summary>
              <div className="border-t p-4">
                {/* Keyed by version: a save (or another owner's) shows what the server stored. */}
                <AdDefinitionEditor key={ad.version} ad={ad} />
              </div>
            </details>
          ))
        )}
      </section>

      <section aria-labelledby="ads-placements-heading" className="grid gap-3">
        <h2 id="ads-placements-heading" className="text-lg font-semibold">
          Placements
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {placements.map((placement) => (
            <Card key={placement.id}>
              <CardHeader>
                <h3 className="font-semibold">{placement.id}</h3>
                <CardDescription>
                  {placement.type}, {placement.orientation}, z-index {placement.zIndex}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <PlacementEditor key={placement.version} placement={placement} />
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}

/** The owner's ads panel: live metrics and the editing of every ad and placement. */
export function AdsManagePage() {
  return (
    <OwnerOnly title={TITLE}>
      <PageHeader
        title={TITLE}
        description="Impressions, clicks and revenue of every ad, live; edit the ads and where they show."
      />
      <AdsPanel />
    </OwnerOnly>
  );
}
