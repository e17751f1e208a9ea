/**
 * Whether the server may deliver to a subscription's endpoint: https, as push services are, and
 * with no credentials in the URL. Plain http reaches only the one test origin a test configures.
 * Which addresses an https endpoint resolves to is checked again as each push connects.
 */
export function endpointAllowed(endpoint: string, testOrigin: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && testOrigin !== undefined && url.host === testOrigin;
}
