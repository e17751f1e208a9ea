/** Everything between two members lives on one stream, whichever of them acts. */
export function friendshipStreamId(a: string, b: string): string {
  const [lower, higher] = a < b ? [a, b] : [b, a];
  return `friendship-${lower}-${higher}`;
}
