/** Revenue in the report's currency, as the owner's locale writes money. */
export function formatRevenue(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code Intl does not know still shows, beside the number.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatLastShown(iso: string | null): string {
  return iso === null ? 'Never' : new Date(iso).toLocaleString();
}

export function formatCount(count: number): string {
  return new Intl.NumberFormat().format(count);
}
