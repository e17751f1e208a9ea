import { withPage } from '../../scripts/prerendered-page';

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
