import { useId, useState } from 'react';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import {
  computeRoi,
  parseRoiInputs,
  ROI_DEFAULTS,
  ROI_FIELDS,
  ROI_LABELS,
  type RoiField,
  type RoiResults,
} from './roi';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function results(r: RoiResults): { label: string; value: string; formula: string }[] {
  return [
    {
      label: 'New customers per month',
      value: number.format(r.newCustomers),
      formula: 'leads × conversion rate',
    },
    {
      label: 'Monthly revenue',
      value: money.format(r.monthlyRevenue),
      formula: 'new customers × average deal value',
    },
    {
      label: 'Cost per content lead',
      value: r.costPerLead === null ? 'No leads' : cents.format(r.costPerLead),
      formula: 'budget ÷ leads',
    },
    {
      label: 'Those leads at your current cost',
      value: money.format(r.currentCostOfLeads),
      formula: 'leads × current lead cost',
    },
    {
      label: r.monthlySavings >= 0 ? 'Monthly savings' : 'Monthly extra cost',
      value: money.format(Math.abs(r.monthlySavings)),
      formula: 'leads × current lead cost − budget',
    },
    {
      label: 'ROI',
      value: r.roiPercent === null ? 'No budget' : `${number.format(r.roiPercent)}%`,
      formula: '(monthly revenue − budget) ÷ budget × 100',
    },
    {
      label: 'Payback',
      value: r.paybackMonths === null ? 'No revenue' : `${number.format(r.paybackMonths)} months`,
      formula: 'budget ÷ monthly revenue',
    },
    {
      label: 'Lifetime value of the month’s customers',
      value: money.format(r.lifetimeValue),
      formula: 'new customers × customer lifetime value',
    },
  ];
}

/** The ROI calculator of `/business`: the six inputs, and results computed as they change. */
export function RoiCalculator() {
  const [values, setValues] = useState<Record<RoiField, string>>(ROI_DEFAULTS);
  const id = useId();
  const parsed = parseRoiInputs(values);
  return (
    <Card className="grid gap-6 p-6 lg:grid-cols-2" data-testid="roi-calculator">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
        noValidate
      >
        {ROI_FIELDS.map((field) => {
          const error = parsed.ok ? undefined : parsed.errors[field];
          const inputId = `${id}-${field}`;
          return (
            <div key={field} className="grid gap-1.5">
              <Label htmlFor={inputId}>{ROI_LABELS[field]}</Label>
              <Input
                id={inputId}
                name={field}
                inputMode="decimal"
                value={values[field]}
                aria-invalid={error !== undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field]: event.target.value }))
                }
              />
              {error && (
                <p id={`${inputId}-error`} className="text-xs text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </form>
      <div aria-live="polite" data-testid="roi-results">
        <h3 className="mb-3 font-semibold">Your results</h3>
        {parsed.ok ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            {results(computeRoi(parsed.inputs)).map((result) => (
              <div key={result.label} className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{result.label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{result.value}</dd>
                <dd className="text-xs text-muted-foreground">= {result.formula}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            Correct the highlighted fields to see your results.
          </p>
        )}
      </div>
    </Card>
  );
}
