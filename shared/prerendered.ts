/**
 * Where the build writes the page it drew ahead for a path of the web app
 * (`scripts/prerender-plugin.ts`), and where the server looks for it (`server/http/static-web.ts`):
 * `/login` → `prerendered/login.html`. Null for `/`, which is never drawn ahead.
 */
export function prerenderedFile(urlPath: string): string | null {
  const name = urlPath.replace(/^\/+|\/+$/g, '');
  return name ? `prerendered/${name}.html` : null;
}
