/**
 * The in-app path a notification links to, or null. Only same-origin paths are followed, so a
 * stored link can never send the member off the site.
 */
export function actionPath(actionUrl: string): string | null {
  if (!actionUrl.startsWith('/') || actionUrl.startsWith('//') || actionUrl.startsWith('/\\')) {
    return null;
  }
  return actionUrl;
}
