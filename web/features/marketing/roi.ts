/** The ROI calculator's six inputs, as the form names them. */
export const ROI_FIELDS = [
  'monthlyBudget',
  'currentLeadCost',
  'contentLeads',
  'conversionRate',
  'averageDealValue',
  'customerLifetimeValue',
] as const;
export type RoiField = (typeof ROI_FIELDS)[number];
export type RoiInputs = Record<RoiField, number>;

export const ROI_LABELS: Record<RoiField, string> = {
  monthlyBudget: 'Monthly content budget ($)',
  currentLeadCost: 'Current lead cost ($)',
  contentLeads: 'Content marketing leads per month',
  conversionRate: 'Conversion rate (%)',
  averageDealValue: 'Average deal value ($)',
  customerLifetimeValue: 'Customer lifetime value ($)',
};

/** Starting values: a $5,000 budget bringing 125 leads, 10% of them buying $5,000 deals. */
export const ROI_DEFAULTS: Record<RoiField, string> = {
  monthlyBudget: '5000',
  currentLeadCost: '150',
  contentLeads: '125',
  conversionRate: '10',
  averageDealValue: '5000',
  customerLifetimeValue: '15000',
};

/** Inputs past this are typing mistakes, and would make the figures meaningless. */
const MAX_INPUT = 1e12;

export type RoiParse =
  { ok: true; inputs: RoiInputs } | { ok: false; errors: Partial<Record<RoiField, string>> };

/** Reads the form's text: every field a number from 0, the conversion rate at most 100. */
export function parseRoiInputs(raw: Record<RoiField, string>): RoiParse {
  const errors: Partial<Record<RoiField, string>> = {};
  const inputs = {} as RoiInputs;
  for (const field of ROI_FIELDS) {
    const text = raw[field].trim().replaceAll(',', '');
    const value = Number(text);
    if (text === '') errors[field] = 'Enter a number.';
    else if (!Number.isFinite(value)) errors[field] = 'Enter a number, like 1500.';
    else if (value < 0) errors[field] = 'Enter 0 or more.';
    else if (field === 'conversionRate' && value > 100)
      errors[field] = 'Enter a rate from 0 to 100.';
    else if (value > MAX_INPUT) errors[field] = 'Enter a smaller number.';
    else inputs[field] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, inputs };
}

export interface RoiResults {
  /** Leads × conversion rate. */
  newCustomers: number;
  /** New customers × average deal value. */
  monthlyRevenue: number;
  /** Budget ÷ leads; null without leads. */
  costPerLead: number | null;
  /** What the same leads cost at the current lead cost. */
  currentCostOfLeads: number;
  /** Current cost of the leads − budget (negative: content costs more). */
  monthlySavings: number;
  /** (Monthly revenue − budget) ÷ budget × 100; null without a budget. */
  roiPercent: number | null;
  /** Budget ÷ monthly revenue: months of revenue that pay for a month of content; null without revenue. */
  paybackMonths: number | null;
  /** New customers × customer lifetime value. */
  lifetimeValue: number;
}

/** a ÷ b, or null where that is not a finite number (nothing to divide by, or next to nothing). */
function divide(a: number, b: number): number | null {
  const quotient = a / b;
  return b > 0 && Number.isFinite(quotient) ? quotient : null;
}

/** The calculator's arithmetic; every result is a finite number or null. */
export function computeRoi(inputs: RoiInputs): RoiResults {
  const { monthlyBudget, currentLeadCost, contentLeads, conversionRate } = inputs;
  const newCustomers = contentLeads * (conversionRate / 100);
  const monthlyRevenue = newCustomers * inputs.averageDealValue;
  const currentCostOfLeads = contentLeads * currentLeadCost;
  return {
    newCustomers,
    monthlyRevenue,
    costPerLead: divide(monthlyBudget, contentLeads),
    currentCostOfLeads,
    monthlySavings: currentCostOfLeads - monthlyBudget,
    roiPercent: divide((monthlyRevenue - monthlyBudget) * 100, monthlyBudget),
    paybackMonths: divide(monthlyBudget, monthlyRevenue),
    lifetimeValue: newCustomers * inputs.customerLifetimeValue,
  };
}
