import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '../../components/ui/card';
import type { ChartRow, ChartSpec } from './analyticsView';

const COLOR = '#6366f1';

/** One chart and, under it, the same figures as a table for screen readers and keyboards. */
function ChartCard({ spec, rows, period }: { spec: ChartSpec; rows: ChartRow[]; period: string }) {
  const titleId = `analytics-chart-${spec.key}`;
  const axis = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
      <XAxis dataKey="label" fontSize={11} minTickGap={16} />
      <YAxis fontSize={11} width={56} tickFormatter={(value: number) => spec.format(value)} />
      <Tooltip formatter={(value) => spec.format(Number(value))} />
    </>
  );
  return (
    <Card className="grid gap-3 p-5" data-testid={titleId}>
      <h2 id={titleId} className="text-base font-semibold">
        {spec.title}
      </h2>
      <figure className="h-56" aria-labelledby={titleId}>
        <figcaption className="sr-only">
          {spec.title}, {period}. The table below has the same figures.
        </figcaption>
        <ResponsiveContainer width="100%" height="100%">
          {spec.kind === 'area' ? (
            <AreaChart data={rows}>
              {axis}
              <Area
                type="monotone"
                dataKey={spec.key}
                name={spec.title}
                stroke={COLOR}
                fill={COLOR}
                fillOpacity={0.15}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </AreaChart>
          ) : (
            <BarChart data={rows}>
              {axis}
              <Bar dataKey={spec.key} name={spec.title} fill={COLOR} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </figure>
      <details>
        <summary className="cursor-pointer text-sm text-muted-foreground">Show as a table</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">
            {spec.title}, {period}
          </caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Period
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {spec.title}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {row.label}
                </th>
                <td className="py-1 text-right tabular-nums">{spec.format(row[spec.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}

export interface AnalyticsChartsProps {
  specs: ChartSpec[];
  rows: ChartRow[];
  period: string;
}

/** The page's charts; its own module, so recharts loads after the figures are on screen. */
export function AnalyticsCharts({ specs, rows, period }: AnalyticsChartsProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {specs.map((spec) => (
        <ChartCard key={spec.key} spec={spec} rows={rows} period={period} />
      ))}
    </div>
  );
}
