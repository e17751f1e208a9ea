/**
 * Settles once the page has loaded and the browser is then idle (at the latest `timeoutMs` after
 * the load): for work a first page does not draw (ads, monitoring, web vitals). Before the load a
 * phone's CPU is still running the page's own scripts, and an idle callback with a timeout fires
 * in the middle of them. Safari has no idle callback: there it settles just after the load.
 */
export function afterFirstPage(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      } else {
        window.setTimeout(resolve, 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}
