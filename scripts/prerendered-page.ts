const ROOT_OPEN = '<div id="root">';

/**
 * The built `index.html` with the page's markup in `#root` in place of the loading frame, and its
 * title. Its form controls are disabled: what is typed or chosen before the app replaces the
 * markup on its first commit would be lost, so none takes input until then (and tests, like
 * people, wait for the live ones). Links work as plain links.
 */
export function withPage(html: string, markup: string, title: string): string {
  const waiting = markup.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
  // The root is the body's last element: its closing tag, kept, is the last before `</body>`.
  const start = html.indexOf(ROOT_OPEN);
  const close = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start < 0 || close < start) throw new Error('prerender: no #root in index.html');
  const drawn = html.slice(0, start + ROOT_OPEN.length) + waiting + html.slice(close);
  return drawn.replace(/<title>[^<]*<\/title>/, `<title>${title} · Agora</title>`);
}
