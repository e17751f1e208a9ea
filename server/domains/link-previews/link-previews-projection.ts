import { sql } from 'kysely';
import type { EventType } from '../../../shared/events';
import { firstLinkIn, type LinkPreviewTarget } from '../../../shared/link-previews';
import type { StoredLinkPreview } from '../../db/tables/link-previews';
import { statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

export const linkPreviewEventTypes = [
  'LinkPreviewAttached',
  'LinkPreviewRemoved',
  'PostEdited',
  'CommentEdited',
] as const satisfies readonly EventType[];

/**
 * Posts and comments carry a per-row version that every change raises, so a card's arrival
 * reaches their watchers as a newer post or comment; a message has none, and its card carries
 * its own version (the preview stream's).
 */
function setPreview(kind: LinkPreviewTarget, id: string, value: StoredLinkPreview): Statement {
  const json = JSON.stringify(value);
  if (kind === 'post') {
    return statement(
      sql`update posts set link_preview = ${json}::jsonb, version = version + 1 where id = ${id}`,
    );
  }
  if (kind === 'comment') {
    return statement(
      sql`update comments set link_preview = ${json}::jsonb, version = version + 1 where id = ${id}`,
    );
  }
  return statement(sql`update messages set link_preview = ${json}::jsonb where id = ${id}`);
}

/**
 * A card lives on the row of what it previews (`link_preview` of posts, comments and messages),
 * so every read and push of them carries it without a join. These rows belong to the posts and
 * messaging projections, which empty them before a rebuild; this one runs after them and writes
 * the card back from the events. An edit that changes the first link drops the old card (or its
 * removal): the text links elsewhere now, and the worker fetches the new link's card.
 */
export const linkPreviewsProjection: Projection = {
  name: 'link-previews',
  tables: [],
  handles: linkPreviewEventTypes,
  project(event) {
    switch (event.type) {
      case 'LinkPreviewAttached': {
        const { targetKind, targetId, url, title, description, siteName, image } = event.data;
        return [
          setPreview(targetKind, targetId, {
            url,
            title,
            description,
            siteName,
            image,
            version: event.streamVersion,
          }),
        ];
      }
      case 'LinkPreviewRemoved': {
        const { targetKind, targetId, url } = event.data;
        return [
          setPreview(targetKind, targetId, { url, removed: true, version: event.streamVersion }),
        ];
      }
      case 'PostEdited':
        return [
          statement(sql`
            update posts set link_preview = null
            where id = ${event.data.postId} and link_preview is not null
              and link_preview->>'url' is distinct from ${firstLinkIn(event.data.content)}`),
        ];
      case 'CommentEdited':
        return [
          statement(sql`
            update comments set link_preview = null
            where id = ${event.data.commentId} and link_preview is not null
              and link_preview->>'url' is distinct from ${firstLinkIn(event.data.content)}`),
        ];
      default:
        return [];
    }
  },
};
