import { sql } from 'kysely';
import {
  firstLinkIn,
  linkPreviewMessages,
  type LinkPreviewTarget,
} from '../../../shared/link-previews';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, notFound } from '../../core/errors';
import { first, streamVersionSql } from '../../core/reads';
import type { PreviewCard } from '../../db/tables/link-previews';
import { qb } from '../../db/statement';
import { linkPreviewStreamId } from './streams';

/**
 * The post, comment or message a card belongs to, as the preview commands decide by: its author,
 * its text (whose first link the card must still be for), its card and the preview stream's
 * version. A trashed post, like a deleted one, has nothing to preview.
 */
function targetState(kind: LinkPreviewTarget, id: string) {
  const version = streamVersionSql(sql.lit(linkPreviewStreamId(kind, id))).as('stream_version');
  if (kind === 'post') {
    return first(
      qb
        .selectFrom('posts')
        .select(['id as container_id', 'author_id', 'content', 'link_preview', version])
        .where('id', '=', id)
        .where('deleted_at', 'is', null),
    );
  }
  if (kind === 'comment') {
    return first(
      qb
        .selectFrom('comments')
        .select(['post_id as container_id', 'author_id', 'content', 'link_preview', version])
        .where('id', '=', id),
    );
  }
  return first(
    qb
      .selectFrom('messages')
      .select([
        'conversation_id as container_id',
        'sender_id as author_id',
        'content',
        'link_preview',
        version,
      ])
      .where('id', '=', id),
  );
}

/**
 * Records the card the worker fetched for a target's link, after the command that wrote the
 * link committed. Appends nothing when the target is gone, now links elsewhere (an edit raced the
 * fetch), already shows this very card, or its author removed the card of this link.
 */
export const attachLinkPreview = defineCommand({
  name: 'linkPreviews.attach',
  load: (input: { kind: LinkPreviewTarget; targetId: string; card: PreviewCard }) => ({
    target: targetState(input.kind, input.targetId),
  }),
  decide({ target }, { kind, targetId, card }) {
    if (!target || firstLinkIn(target.content) !== card.url) return { result: false };
    const shown = target.link_preview;
    if (shown?.url === card.url) {
      if (shown.removed) return { result: false };
      const same =
        shown.title === card.title &&
        shown.description === card.description &&
        shown.siteName === card.siteName &&
        shown.image === card.image;
      if (same) return { result: false };
    }
    return {
      appends: [
        appendTo(linkPreviewStreamId(kind, targetId), target.stream_version, [
          {
            type: 'LinkPreviewAttached',
            data: {
              targetKind: kind,
              targetId,
              containerId: target.container_id,
              authorId: target.author_id,
              ...card,
            },
          },
        ]),
      ],
      result: true,
    };
  },
});

/**
 * The author takes the card off their post, comment or message. Anyone else is told it does not
 * exist, as a post or message they may not see would answer.
 */
export const removeLinkPreview = defineCommand({
  name: 'linkPreviews.remove',
  load: (input: { actorId: string; kind: LinkPreviewTarget; targetId: string }) => ({
    target: targetState(input.kind, input.targetId),
  }),
  decide({ target }, { actorId, kind, targetId }) {
    if (!target || target.author_id !== actorId) throw notFound(linkPreviewMessages.notFound);
    const shown = target.link_preview;
    if (!shown || shown.removed) throw conflict('no-preview', linkPreviewMessages.noPreview);
    return {
      appends: [
        appendTo(linkPreviewStreamId(kind, targetId), target.stream_version, [
          {
            type: 'LinkPreviewRemoved',
            data: {
              targetKind: kind,
              targetId,
              containerId: target.container_id,
              authorId: actorId,
              url: shown.url,
            },
          },
        ]),
      ],
      result: { removed: true },
    };
  },
});
