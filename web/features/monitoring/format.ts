/** Spec 002 §9: dates in US short format with hour and minute. */
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Axis labels: the time of day for short ranges, the date for long ones. */
export function axisLabel(iso: string, bucketMs: number): string {
  const date = new Date(iso);
  return bucketMs >= 2 * 60 * 60_000
    ? `${day.format(date)} ${clock.format(date)}`
    : clock.format(date);
}
