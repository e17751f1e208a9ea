import type { AdDefinition, AdsMetricsReport } from '../../../shared/ads';
import { formatCtr } from './adSelection';
import { formatCount, formatLastShown, formatRevenue } from './adsFormat';
import { TableScroll } from '../../components/ui/table-scroll';

export interface MetricsTableProps {
  report: AdsMetricsReport;
  definitions: readonly AdDefinition[];
}

const cell = 'px-3 py-2 text-right tabular-nums';

/** Every ad's impressions, clicks, ctr, revenue and last showing, with the totals (002 §3). */
export function MetricsTable({ report, definitions }: MetricsTableProps) {
  const { currency } = report.pricing;
  const titleOf = (adId: string) => definitions.find((ad) => ad.id === adId)?.title ?? adId;
  return (
    <TableScroll label="Ad metrics" className="rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="ads-metrics">
        <caption className="sr-only">Ad metrics, updated live</caption>
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
            <th scope="col" className="px-3 py-2 text-right font-medium">
              CTR
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Revenue
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Last shown
            </th>
          </tr>
        </thead>
        <tbody>
          {report.ads.map((ad) => (
            <tr key={ad.adId} data-ad-id={ad.adId} className="border-b last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {titleOf(ad.adId)}
                <span className="block text-xs font-normal text-muted-foreground">{ad.adId}</span>
              </th>
              <td className={cell} data-metric="impressions">
                {formatCount(ad.impressions)}
              </td>
              <td className={cell} data-metric="clicks">
                {formatCount(ad.clicks)}
              </td>
              <td className={cell} data-metric="ctr">
                {formatCtr(ad.ctr)}
              </td>
              <td className={cell} data-metric="revenue">
                {formatRevenue(ad.revenue, currency)}
              </td>
              <td className={cell} data-metric="last-shown">
                {formatLastShown(ad.lastShown)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t font-semibold">
          <tr data-testid="ads-metrics-totals">
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            <td className={cell}>{formatCount(report.totals.impressions)}</td>
            <td className={cell}>{formatCount(report.totals.clicks)}</td>
            <td className={cell}>{formatCtr(report.totals.ctr)}</td>
            <td className={cell}>{formatRevenue(report.totals.revenue, currency)}</td>
            <td className={cell} />
          </tr>
        </tfoot>
      </table>
      <p className="border-t px-3 py-2 text-xs text-muted-foreground">
        Revenue at {formatRevenue(report.pricing.perThousandImpressions, currency)} per thousand
        impressions and {formatRevenue(report.pricing.perClick, currency)} per click.
      </p>
    </TableScroll>
  );
}
