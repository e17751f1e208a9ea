import { sql } from 'kysely';
import { firstLinkIn, type LinkPreviewTarget } from '../../../shared/link-previews';
import { qb, statement, type Statement } from '../../db/statement';

/** Queued fetches wake the preview workers of every process on this channel, after commit. */
export const LINK_PREVIEW_WAKE_CHANNEL = 'agora_link_previews';

export interface PreviewTargetRef {
  kind: LinkPreviewTarget;
  id: string;
  authorId: string;
}

/**
 * The effects that ask for a card for the first link of `text`, in the transaction of the command
 * that wrote it, so a refused command fetches nothing and a committed one is never forgotten. The
 * fetch itself runs in the worker, after the commit: nothing slow or outside the server happens
 * inside a command. Nothing is queued when the text has no link, or when its first link is the
 * one it had before (`previous`: an edit that left the link alone keeps its card, or its removal).
 */
export function queueLinkPreview(
  target: PreviewTargetRef,
  text: string,
  previous: string | null = null,
): Statement[] {
  const url = firstLinkIn(text);
  if (!url || (previous !== null && firstLinkIn(previous) === url)) return [];
  return [
    statement(
      qb
        .insertInto('link_preview_jobs')
        .values({ target_kind: target.kind, target_id: target.id, author_id: target.authorId, url })
        .onConflict((oc) =>
          oc.columns(['target_kind', 'target_id']).doUpdateSet({
            url,
            author_id: target.authorId,
            queued_at: sql<Date>`now()`,
          }),
        ),
    ),
    { ...statement(sql`select pg_notify(${LINK_PREVIEW_WAKE_CHANNEL}, '')`), afterCommit: true },
  ];
}
