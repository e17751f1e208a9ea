import fc from 'fast-check';
import {
  computeRoi,
  parseRoiInputs,
  ROI_DEFAULTS,
  ROI_FIELDS,
  type RoiField,
  type RoiInputs,
} from '../../../web/features/marketing/roi';

const inputsOf = (values: Partial<Record<RoiField, string>>) =>
  parseRoiInputs({ ...ROI_DEFAULTS, ...values });

describe('the ROI calculator', () => {
  it("computes the spec's sample revenue and ROI from its starting figures", () => {
    const parsed = inputsOf({});
    if (!parsed.ok) throw new Error('the defaults are valid');
    expect(computeRoi(parsed.inputs)).toEqual({
      newCustomers: 12.5,
      monthlyRevenue: 62_500,
      costPerLead: 40,
      currentCostOfLeads: 18_750,
      monthlySavings: 13_750,
      roiPercent: 1150,
      paybackMonths: 0.08,
      lifetimeValue: 187_500,
    });
  });

  it('refuses blank, non-numeric and negative inputs and a rate over 100, with a message each', () => {
    const parsed = inputsOf({
      monthlyBudget: '',
      currentLeadCost: 'abc',
      contentLeads: '-1',
      conversionRate: '101',
      averageDealValue: 'Infinity',
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        monthlyBudget: 'Enter a number.',
        currentLeadCost: 'Enter a number, like 1500.',
        contentLeads: 'Enter 0 or more.',
        conversionRate: 'Enter a rate from 0 to 100.',
        averageDealValue: 'Enter a number, like 1500.',
      },
    });
    expect(inputsOf({ monthlyBudget: '12,500' })).toMatchObject({
      ok: true,
      inputs: { monthlyBudget: 12_500 },
    });
  });

  it('answers null, never NaN or Infinity, where a figure divides by zero', () => {
    const results = computeRoi({
      monthlyBudget: 0,
      currentLeadCost: 0,
      contentLeads: 0,
      conversionRate: 0,
      averageDealValue: 0,
      customerLifetimeValue: 0,
    });
    expect(results.costPerLead).toBeNull();
    expect(results.roiPercent).toBeNull();
    expect(results.paybackMonths).toBeNull();
  });

  it('keeps every result finite and consistent for any valid inputs', () => {
    const amount = fc.double({ min: 0, max: 1e9, noNaN: true });
    const inputs = fc.record<RoiInputs>({
      monthlyBudget: amount,
      currentLeadCost: amount,
      contentLeads: amount,
      conversionRate: fc.double({ min: 0, max: 100, noNaN: true }),
      averageDealValue: amount,
      customerLifetimeValue: amount,
    });
    fc.assert(
      fc.property(inputs, (given) => {
        const text = Object.fromEntries(ROI_FIELDS.map((f) => [f, String(given[f])])) as Record<
          RoiField,
          string
        >;
        expect(parseRoiInputs(text)).toEqual({ ok: true, inputs: given });
        const r = computeRoi(given);
        for (const value of Object.values(r)) {
          if (value !== null) expect(Number.isFinite(value)).toBe(true);
        }
        expect(r.monthlyRevenue).toBeCloseTo(r.newCustomers * given.averageDealValue, 0);
        expect(r.newCustomers).toBeLessThanOrEqual(given.contentLeads);
        if (r.roiPercent !== null) {
          expect(r.roiPercent >= 0).toBe(r.monthlyRevenue >= given.monthlyBudget);
        }
      }),
    );
  });
});
