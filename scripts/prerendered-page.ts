import { waitingForApp } from '../shared/first-screen';

const ROOT_OPEN = '<div id="root">';

/**
 * The built `index.html` with the page's markup in `#root` in place of the loading frame, and its
 * title. Its form controls are disabled until the app takes over (`waitingForApp`).
 */
export function withPage(html: string, markup: string, title: string): string {
  const waiting = waitingForApp(markup);
  // The root is the body's last element: its closing tag, kept, is the last before `</body>`.
  const start = html.indexOf(ROOT_OPEN);
  const close = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start < 0 || close < start) throw new Error('prerender: no #root in index.html');
  const drawn = html.slice(0, start + ROOT_OPEN.length) + waiting + html.slice(close);
  return drawn.replace(/<title>[^<]*<\/title>/, `<title>${title} · Agora</title>`);
}

/** Where a drawn-ahead page holds the head's scripts and preloads until it has been painted. */
export const AFTER_PAINT_ID = 'after-paint';

/** A head tag, on its own line, that fetches a script or data: not the stylesheet or the icons. */
const FETCHING_TAG =
  /^[ \t]*<(?:script\b[^>]*\bsrc=[^>]*><\/script>|link\b[^>]*\brel="?(?:modulepreload|preload)\b[^>]*>)[ \t]*\n/gm;

/**
 * The loader a drawn-ahead page runs instead of its head's scripts: it copies the held tags into
 * the head after the frame that paints the page, or at once in a hidden tab, which paints nothing.
 * Copies, not the template's own elements: a script only runs when created in this document.
 * An external file because the Content-Security-Policy allows no inline script. The template
 * it copies from ends the body, and the page can paint before the parser has reached it: the
 * loader runs deferred (after the document is parsed), and a start still asked for while the
 * document loads waits for DOMContentLoaded. Run `async`, it once found no template at its first
 * frame and never started the app, leaving the sign-in form disabled (a CI run of 2026-12-02).
 */
export const AFTER_PAINT_LOADER =
  `(function(){var d=document,done=false;function start(){if(done)return;` +
  `if(d.readyState==='loading'){d.addEventListener('DOMContentLoaded',start);return}done=true;` +
  `var held=d.getElementById('${AFTER_PAINT_ID}');if(!held)return;` +
  `held.content.querySelectorAll('script,link').forEach(function(t){` +
  `var e=d.createElement(t.localName);for(var i=0;i<t.attributes.length;i++)` +
  `e.setAttribute(t.attributes[i].name,t.attributes[i].value);d.head.appendChild(e)})}` +
  `if(d.visibilityState==='hidden')start();d.addEventListener('visibilitychange',start);` +
  `requestAnimationFrame(function(){setTimeout(start,0)})})();\n`;

/**
 * A drawn-ahead page paints once its document and stylesheet have arrived, but a phone's link
 * shares its bandwidth among every request the head starts: the entry, its preloads and the
 * session's. Those tags wait in a template at the end of the body, and `loaderSrc` (a small
 * script running `AFTER_PAINT_LOADER`) starts them after the first paint. The app then starts
 * one frame later than from the head; its controls are disabled until it has, as before.
 */
export function scriptsAfterPaint(html: string, loaderSrc: string): string {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) throw new Error('prerender: no head or body');
  const head = html.slice(0, headEnd);
  const held = head.match(FETCHING_TAG) ?? [];
  if (!held.some((tag) => tag.includes('type="module"'))) {
    throw new Error('prerender: no module script in the head of index.html');
  }
  // The loader takes the first held tag's place: it is fetched as early as that tag was.
  let placed = false;
  const kept = head.replace(FETCHING_TAG, () => {
    const tag = placed ? '' : `    <script defer src="${loaderSrc}"></script>\n`;
    placed = true;
    return tag;
  });
  return (
    kept +
    html.slice(headEnd, bodyEnd) +
    `<template id="${AFTER_PAINT_ID}">\n${held.join('')}    </template>\n  ` +
    html.slice(bodyEnd)
  );
}

/** The session's preload (`index.html`), for a page that carries the session itself. */
export function withoutSessionPreload(html: string): string {
  const preload = /^[ \t]*<link\b[^>]*\bhref="\/api\/auth\/session"[^>]*>[ \t]*\n/m;
  if (!preload.test(html)) throw new Error('prerender: no session preload in index.html');
  return html.replace(preload, '');
}
