import {
  AFTER_PAINT_LOADER,
  scriptsAfterPaint,
  withoutSessionPreload,
  withPage,
} from '../../scripts/prerendered-page';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Agora</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root">
      <div class="frame"><span>Loading…</span></div>
    </div>
  </body>
</html>`;

describe('a visitor page drawn into the built index.html', () => {
  const page = withPage(
    built,
    '<main><h1>Sign in</h1><input id="e"/><button type="submit">Go</button><a href="/x">x</a></main>',
    'Sign In',
  );

  it('takes the place of the loading frame inside #root, scripts and all else kept', () => {
    expect(page).not.toContain('Loading…');
    expect(page).toContain('<div id="root"><main><h1>Sign in</h1>');
    expect(page).toContain('</main></div>\n  </body>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
  });

  it('names the page in the title', () => {
    expect(page).toContain('<title>Sign In · Agora</title>');
  });

  it('takes no input until the app replaces it: controls disabled, links left as links', () => {
    expect(page).toContain('<input disabled="" id="e"/>');
    expect(page).toContain('<button disabled="" type="submit">Go</button>');
    expect(page).toContain('<a href="/x">x</a>');
  });

  it('refuses a page with no root to draw into', () => {
    expect(() => withPage('<html><body></body></html>', '<p/>', 'X')).toThrow(/no #root/);
  });
});

describe("a drawn-ahead page's scripts held until it has been painted", () => {
  const head = `<!doctype html>
<html lang="en">
  <head>
    <title>Sign In · Agora</title>
    <link rel="preload" href="/api/auth/session" as="fetch" crossorigin="anonymous" />
    <script async src="/assets/route-preload-a.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>
  <body>
    <div id="root"><main>Sign in</main></div>
  </body>
</html>`;
  const page = scriptsAfterPaint(head, '/assets/after-paint-d.js');
  const [before, after] = page.split('</head>');

  it('leaves the head only the loader and what the first paint needs', () => {
    expect(before).toContain('<script defer src="/assets/after-paint-d.js"></script>');
    expect(before).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(before).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(before).not.toMatch(/index-abc|vendor-react|route-preload|auth\/session/);
  });

  it('holds every script and preload, in order, in a template after the page', () => {
    const held = after!.slice(after!.indexOf('<template id="after-paint">'));
    expect(after!.indexOf('<main>Sign in</main>')).toBeLessThan(after!.indexOf('<template'));
    expect([...held.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/api/auth/session',
      '/assets/route-preload-a.js',
      '/assets/index-abc.js',
      '/assets/vendor-react-b.js',
    ]);
    expect(held).toMatch(/<\/template>\n {2}<\/body>/);
  });

  it('starts the held scripts only once the template has been parsed, whenever the frame comes', () => {
    const listeners: Record<string, (() => void)[]> = {};
    const appended: string[] = [];
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const held = {
      content: {
        querySelectorAll: () => [
          { localName: 'script', attributes: [{ name: 'src', value: '/assets/index-abc.js' }] },
        ],
      },
    };
    const doc = {
      readyState: 'loading',
      visibilityState: 'visible',
      parsed: false,
      head: { appendChild: (e: { src?: string }) => appended.push(e.src ?? '') },
      getElementById(id: string) {
        return this.parsed && id === 'after-paint' ? held : null;
      },
      addEventListener: (type: string, f: () => void) => (listeners[type] ??= []).push(f),
      createElement: (name: string) => ({
        localName: name,
        src: undefined as string | undefined,
        setAttribute(this: { src?: string }, _n: string, v: string) {
          this.src = v;
        },
      }),
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', AFTER_PAINT_LOADER)(
      doc,
      (f: () => void) => frames.push(f),
      (f: () => void) => tasks.push(f),
    );
    // The first frame paints the form while the end of the body is still being parsed.
    frames.forEach((f) => f());
    tasks.forEach((f) => f());
    expect(appended).toEqual([]);
    doc.parsed = true;
    doc.readyState = 'interactive';
    listeners.DOMContentLoaded?.forEach((f) => f());
    expect(appended).toEqual(['/assets/index-abc.js']);
  });

  it('refuses a page with no module script to hold', () => {
    expect(() => scriptsAfterPaint('<html><head></head><body></body></html>', '/x.js')).toThrow(
      /no module script/,
    );
  });
});

describe("the template of a member's home, which carries the session itself", () => {
  const head = `<html>
  <head>
    <link rel="preload" href="/api/auth/session" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

  it('preloads no session, and keeps every other tag', () => {
    const page = withoutSessionPreload(head);
    expect(page).not.toContain('/api/auth/session');
    expect(page).toContain(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    );
  });

  it('refuses a page whose session preload it cannot find', () => {
    expect(() => withoutSessionPreload('<html><head></head></html>')).toThrow(/no session preload/);
  });
});
