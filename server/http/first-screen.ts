import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Logger } from 'pino';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_MODULE,
  FIRST_SCREEN_SLOT,
  FIRST_SCREEN_TEMPLATE,
  firstScreenPageOf,
  jsonForHtml,
  type FirstScreenData,
  type FirstScreenPage,
  type FirstScreenRenderer,
} from '../../shared/first-screen';
import type { ActiveSession, SessionFinder } from '../core/session';

/**
 * What a member's page shows (the composition reads it from the module that owns the page), or
 * null when there is nothing to draw (a post the member may not see): the app draws that one.
 */
export type FirstScreenReader = (
  session: ActiveSession,
  page: FirstScreenPage,
) => Promise<FirstScreenData | null>;

export interface FirstScreenDeps {
  webDir: string;
  findSession: SessionFinder;
  read: FirstScreenReader;
  logger: Logger;
}

interface BuiltParts {
  template: string;
  renderer: FirstScreenRenderer;
}

/** The built template and module, or null when this build has none (`npm run build` makes both). */
async function loadParts(webDir: string, logger: Logger): Promise<BuiltParts | null> {
  try {
    const template = await readFile(path.join(webDir, FIRST_SCREEN_TEMPLATE), 'utf8');
    if (!template.includes(FIRST_SCREEN_SLOT)) throw new Error('the template has no slot');
    const file = path.resolve(webDir, FIRST_SCREEN_MODULE);
    const renderer = (await import(pathToFileURL(file).href)) as FirstScreenRenderer;
    return { template, renderer };
  } catch (error) {
    logger.warn({ err: error, webDir }, "members' home pages are not drawn by the server");
    return null;
  }
}

/**
 * A member's page, drawn here with the document: the shell and the page's first screen as the app
 * first renders them (the home's feed, the conversation list, a post with its comments), and the
 * values it rendered them from, which the app starts with instead of asking for them again
 * (`web/app/firstScreenStore.ts`). On a phone the page paints before any script has run
 * (docs/performance.md, "A member's home drawn by the server" and "The conversation list and a
 * post page drawn by the server").
 *
 * Null, and the loading frame is sent as before, for anything else: a visitor, another page, a
 * member the app sends elsewhere first (a password to change), a page with nothing to draw, a
 * build without the module, or a read or render that failed (logged: the page still opens).
 */
export function firstScreenDrawer(deps: FirstScreenDeps): (req: Request) => Promise<string | null> {
  let parts: Promise<BuiltParts | null> | null = null;
  return async (req) => {
    if (!req.headers.cookie) return null;
    const query = req.originalUrl.indexOf('?');
    const search = new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query + 1));
    const page = firstScreenPageOf(req.path, search);
    if (!page) return null;
    try {
      parts ??= loadParts(deps.webDir, deps.logger);
      const built = await parts;
      if (!built) return null;
      const session = await deps.findSession(req.headers.cookie);
      if (!session || session.passwordRotationRequired) return null;
      const data = await deps.read(session, page);
      if (!data) return null;
      const markup = await built.renderer.renderFirstScreen(req.path, data, req.headers.cookie);
      const carried = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForHtml(data)}</script>`;
      return built.template.replace(FIRST_SCREEN_SLOT, () => markup + carried);
    } catch (error) {
      deps.logger.warn({ err: error, path: req.path }, "a member's page was not drawn");
      return null;
    }
  };
}
