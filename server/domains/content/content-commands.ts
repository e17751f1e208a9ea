import { sql } from 'kysely';
import {
  contentMessages,
  type ContentAction,
  type ContentGrants,
  type CreateContent,
  type ExportRecord,
  type PatchContent,
  type PatchPermissions,
} from '../../../shared/content';
import type { NewEvent } from '../../../shared/events';
import { appendTo, defineCommand } from '../../core/command';
import { DomainError, forbidden, invalid, invalidField, notFound } from '../../core/errors';
import { lock, refuseUnless, retryUnless } from '../../core/guards';
import { first, rows, streamVersionSql, value } from '../../core/reads';
import { qb, type Statement } from '../../db/statement';
import { editedPostMentions, mentionOutcome } from '../mentions/mention-outcome';
import {
  importedMentionCandidates,
  mentionEmailRead,
  postAuthor,
  postMentionReads,
} from '../mentions/mention-reads';
import { counted, draftDecision, lastNumberSql, publishedAfter } from '../posts/commands';
import { feedOrderLock } from '../posts/feed-order';
import { attachedFileIdsSql } from '../posts/post-media';
import { visibleToViewer } from '../posts/posts-read';
import { idOrNone, postStreamId } from '../posts/streams';
import { queueLinkPreview } from '../link-previews/preview-queue';
import { member, ownerReader } from '../relations/relations-policy';
import { contentReadable, contentReply, grantsSql } from './content-read';
import {
  batchRefusal,
  changeable,
  editDecision,
  mergedMetadata,
  metadataEvents,
  ownerOnly,
  type RecordState,
} from './content-rules';

const isOwner = (actorId: string) => value(ownerReader(member(actorId)));

/** Records as the commands decide by: the post's columns, stream version and readability. */
const recordStates = () =>
  qb
    .selectFrom('posts as p')
    .selectAll('p')
    .select([
      streamVersionSql(sql`'post-' || p.id::text`).as('stream_version'),
      attachedFileIdsSql.as('media_ids'),
    ]);

function recordState(postId: string, actorId: string) {
  return first(
    recordStates()
      .select([
        visibleToViewer(actorId).as('visible'),
        contentReadable(actorId).as('readable'),
        grantsSql.as('grants'),
      ])
      .where('p.id', '=', idOrNone(postId)),
  );
}

const memberExists = (userId: string) =>
  value(sql<boolean>`exists (select 1 from users where id = ${userId}::uuid)`);

/** `POST /content`: a post by the rules of `POST /posts`, with its type and metadata. */
export const createContent = defineCommand({
  name: 'content.create',
  load: (input: {
    authorId: string;
    postId: string;
    content: CreateContent;
    publicUrl: string;
  }) => ({
    lastNumber: value(lastNumberSql(input.authorId)),
    ...postMentionReads({
      postId: input.postId,
      author: input.authorId,
      content: input.content.content,
      visibility: input.content.visibility,
    }),
  }),
  decide({ lastNumber, mentionable, mentionEmail }, { authorId, postId, content, publicUrl }) {
    const { type, metadata, linkPreview, ...post } = content;
    const { events, guards } = draftDecision(authorId, postId, lastNumber, {
      ...post,
      contentType: type,
    });
    const mentions = mentionOutcome({
      postId,
      commentId: null,
      authorId,
      content: post.content,
      previous: [],
      published: post.status === 'published',
      recipients: mentionable,
      email: mentionEmail,
      postTitle: post.title,
      publicUrl,
    });
    events.push(...mentions.events);
    if (Object.keys(metadata).length > 0) {
      events.push({
        type: 'ContentMetadataSet',
        data: { postId, authorId, actorId: authorId, metadata },
      });
    }
    return {
      guards,
      appends: [appendTo(postStreamId(postId), 0, events)],
      effects: [
        ...(post.status === 'published' && linkPreview
          ? queueLinkPreview({ kind: 'post', id: postId, authorId }, post.content)
          : []),
        ...mentions.effects,
      ],
      reply: contentReply(postId, authorId),
    };
  },
});

/** `PATCH /content/{id}`: the post's edit rules, plus type and metadata. */
export const editContent = defineCommand({
  name: 'content.edit',
  load: (input: { actorId: string; postId: string; patch: PatchContent; publicUrl: string }) => ({
    record: recordState(input.postId, input.actorId),
    owner: isOwner(input.actorId),
    ...postMentionReads({
      postId: input.postId,
      author: postAuthor(input.postId),
      content: input.patch.content,
      visibility: input.patch.visibility,
    }),
  }),
  decide({ record: found, owner, mentionable, mentionEmail }, { actorId, patch, publicUrl }) {
    const record = changeable(found, actorId, owner);
    const { events, guards } = editDecision(record, actorId, patch);
    const mentions = editedPostMentions(record, patch, publishedAfter(record, patch, events), {
      recipients: mentionable,
      email: mentionEmail,
      publicUrl,
    });
    return {
      guards,
      appends: [
        appendTo(postStreamId(record.id), record.stream_version, [...events, ...mentions.events]),
      ],
      effects: mentions.effects,
      reply: contentReply(record.id, actorId),
    };
  },
});

/** `DELETE /content/{id}`: into the trash, where nobody reads it until it is restored. */
export const trashContent = defineCommand({
  name: 'content.trash',
  load: (input: { actorId: string; postId: string }) => ({
    record: recordState(input.postId, input.actorId),
    owner: isOwner(input.actorId),
  }),
  decide({ record: found, owner }, { actorId }) {
    const record = changeable(found, actorId, owner);
    return {
      appends: [
        appendTo(postStreamId(record.id), record.stream_version, [
          {
            type: 'PostTrashed',
            data: { postId: record.id, authorId: record.author_id, actorId },
          },
        ]),
      ],
      result: { postId: record.id },
    };
  },
});

function batchStates(ids: readonly string[], actorId: string) {
  return rows(
    recordStates()
      .select([visibleToViewer(actorId).as('visible'), contentReadable(actorId).as('readable')])
      .where('p.id', 'in', ids.length > 0 ? ids.map(idOrNone) : [idOrNone('')]),
  );
}

/**
 * Runs `each` over every item of a batch, and refuses the whole batch when any item is refused
 * (or named twice): one command, so all of it commits or none.
 */
function decideBatch<T>(
  ids: readonly string[],
  found: readonly RecordState[],
  actorId: string,
  owner: boolean,
  each: (record: RecordState, index: number) => T,
): { record: RecordState; decided: T }[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const failures: { index: number; id: string; message: string }[] = [];
  const decided: { record: RecordState; decided: T }[] = [];
  ids.forEach((id, index) => {
    try {
      const key = idOrNone(id);
      // Ids that are not UUIDs all name nothing alike: they are not found, not repeats.
      if (seen.has(key) && key === id.toLowerCase()) {
        throw invalid('duplicate-id', contentMessages.duplicateId);
      }
      seen.add(key);
      const record = changeable(byId.get(key), actorId, owner);
      decided.push({ record, decided: each(record, index) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failures.push({ index, id, message: error.message });
    }
  });
  if (failures.length > 0) throw batchRefusal(failures);
  return decided;
}

const uniqueGuards = (guards: Statement[]) => {
  const seen = new Set<string>();
  return guards.filter((g) => {
    const key = `${g.sql}|${JSON.stringify(g.parameters)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** `PATCH /content/batch`: every change, or none. */
export const batchEditContent = defineCommand({
  name: 'content.batch-edit',
  load: (input: { actorId: string; updates: { id: string; changes: PatchContent }[] }) => ({
    records: batchStates(
      input.updates.map((u) => u.id),
      input.actorId,
    ),
    owner: isOwner(input.actorId),
  }),
  decide({ records, owner }, { actorId, updates }) {
    const decided = decideBatch(
      updates.map((u) => u.id),
      records as RecordState[],
      actorId,
      owner,
      (record, index) => editDecision(record, actorId, updates[index]!.changes),
    );
    return {
      guards: uniqueGuards(decided.flatMap((d) => d.decided.guards)),
      appends: decided
        .filter((d) => d.decided.events.length > 0)
        .map((d) => appendTo(postStreamId(d.record.id), d.record.stream_version, d.decided.events)),
      result: { updated: decided.filter((d) => d.decided.events.length > 0).length },
    };
  },
});

/** `DELETE /content/batch`: every record into the trash, or none. */
export const batchTrashContent = defineCommand({
  name: 'content.batch-trash',
  load: (input: { actorId: string; contentIds: string[] }) => ({
    records: batchStates(input.contentIds, input.actorId),
    owner: isOwner(input.actorId),
  }),
  decide({ records, owner }, { actorId, contentIds }) {
    const decided = decideBatch(contentIds, records as RecordState[], actorId, owner, () => null);
    return {
      appends: decided.map(({ record }) =>
        appendTo(postStreamId(record.id), record.stream_version, [
          {
            type: 'PostTrashed',
            data: { postId: record.id, authorId: record.author_id, actorId },
          },
        ]),
      ),
      result: { updated: decided.length },
    };
  },
});

const ACTIONS: readonly ContentAction[] = ['view', 'comment', 'share'];

/**
 * `PATCH /content/{id}/permissions`: the audiences sent replace theirs, each `allow` list sent
 * replaces that action's members. Named members must exist (checked at commit) and not be the
 * author, who always may.
 */
export const setContentPermissions = defineCommand({
  name: 'content.permissions',
  load: (input: { actorId: string; postId: string; patch: PatchPermissions }) => ({
    record: recordState(input.postId, input.actorId),
    owner: isOwner(input.actorId),
  }),
  decide({ record: found, owner }, { actorId, patch }) {
    const record = changeable(found, actorId, owner);
    const grants: ContentGrants = {
      view: patch.allow?.view ?? record.grants.view,
      comment: patch.allow?.comment ?? record.grants.comment,
      share: patch.allow?.share ?? record.grants.share,
    };
    for (const action of ACTIONS) {
      if (grants[action].includes(record.author_id)) {
        throw invalidField(`allow.${action}`, 'grant-self', contentMessages.grantSelf);
      }
      grants[action] = [...grants[action]].sort();
    }
    const next = {
      view: patch.view ?? record.visibility,
      comment: patch.comment ?? record.comment_audience,
      share: patch.share ?? record.share_audience,
    };
    const unchanged =
      next.view === record.visibility &&
      next.comment === record.comment_audience &&
      next.share === record.share_audience &&
      ACTIONS.every(
        (a) => JSON.stringify(grants[a]) === JSON.stringify([...record.grants[a]].sort()),
      );
    const named = [...new Set(ACTIONS.flatMap((a) => grants[a]))];
    const events: NewEvent[] = unchanged
      ? []
      : [
          {
            type: 'PostPermissionsSet',
            data: { postId: record.id, authorId: record.author_id, actorId, ...next, grants },
          },
        ];
    return {
      guards:
        named.length === 0
          ? []
          : [
              refuseUnless(
                sql<boolean>`(select count(*) from users where id = any(${named}::uuid[])) = ${named.length}`,
                invalidField('allow', 'grant-not-member', contentMessages.grantNotMember),
              ),
            ],
      appends: [appendTo(postStreamId(record.id), record.stream_version, events)],
      reply: contentReply(record.id, actorId),
    };
  },
});

/** `PATCH /content/{id}/metadata`: keys set or (null) removed; the rest kept. */
export const patchContentMetadata = defineCommand({
  name: 'content.metadata',
  load: (input: { actorId: string; postId: string; changes: Record<string, unknown> }) => ({
    record: recordState(input.postId, input.actorId),
    owner: isOwner(input.actorId),
  }),
  decide({ record: found, owner }, { actorId, changes }) {
    const record = changeable(found, actorId, owner);
    const events = metadataEvents(record, actorId, mergedMetadata(record.metadata, changes));
    return {
      appends: [appendTo(postStreamId(record.id), record.stream_version, events)],
      reply: contentReply(record.id, actorId),
    };
  },
});

const memberNotFound = () => notFound(contentMessages.memberNotFound, 'member-not-found');

/** Locks of the members whose numbering a command changes, in id order (no deadlock). */
const authorLocks = (userIds: readonly string[]) =>
  [...new Set(userIds)].sort().map((id) => lock(`posts:${id}`));

/**
 * `POST /content/migrate` (owners): every post of the source — drafts and the trash too — moves
 * to the target, numbered after the target's last post in the source's order. One command over
 * every post's stream; a post the source creates meanwhile makes it read again.
 */
export const migrateContent = defineCommand({
  name: 'content.migrate',
  load: (input: { actorId: string; sourceUserId: string; targetUserId: string }) => ({
    owner: isOwner(input.actorId),
    source: memberExists(input.sourceUserId),
    target: memberExists(input.targetUserId),
    posts: rows(
      qb
        .selectFrom('posts as p')
        .select(['p.id', streamVersionSql(sql`'post-' || p.id::text`).as('stream_version')])
        .where('p.author_id', '=', input.sourceUserId)
        .orderBy('p.created_at')
        .orderBy('p.number'),
    ),
    lastNumber: value(lastNumberSql(input.targetUserId)),
  }),
  decide({ owner, source, target, posts, lastNumber }, { actorId, sourceUserId, targetUserId }) {
    if (!owner) throw ownerOnly();
    if (sourceUserId === targetUserId) {
      throw invalidField('targetUserId', 'same-member', contentMessages.sameMember);
    }
    if (!source || !target) throw memberNotFound();
    return {
      guards: [
        ...authorLocks([sourceUserId, targetUserId]),
        retryUnless(sql<boolean>`${lastNumberSql(targetUserId)} = ${lastNumber}`),
        retryUnless(
          sql<boolean>`(select count(*) from posts where author_id = ${sourceUserId}::uuid) = ${posts.length}`,
        ),
      ],
      appends: posts.map((post, i) =>
        appendTo(postStreamId(post.id), post.stream_version, [
          {
            type: 'ContentMigrated',
            data: {
              postId: post.id,
              fromUserId: sourceUserId,
              toUserId: targetUserId,
              number: lastNumber + 1 + i,
              actorId,
            },
          },
        ]),
      ),
      result: { migratedCount: posts.length },
    };
  },
});

/**
 * `POST /content/import`: the records (already checked one by one) become the member's posts,
 * numbered after their last, with the times they were exported with; all in one command. A
 * member imports into their own account, an owner into anyone's.
 */
export const importContent = defineCommand({
  name: 'content.import',
  load: (input: {
    actorId: string;
    userId: string;
    records: ExportRecord[];
    ids: string[];
    publicUrl: string;
  }) => ({
    owner: isOwner(input.actorId),
    exists: memberExists(input.userId),
    lastNumber: value(lastNumberSql(input.userId)),
    mentionable: importedMentionCandidates(input.userId, input.records),
    mentionEmail: mentionEmailRead(input.userId),
  }),
  decide(
    { owner, exists, lastNumber, mentionable, mentionEmail },
    { actorId, userId, records, ids, publicUrl },
  ) {
    if (userId !== actorId && !owner) {
      throw forbidden('not-yours', contentMessages.importNotYours);
    }
    if (!exists) throw memberNotFound();
    const effects: Statement[] = [];
    const appends = records.map((r, i) => {
      const postId = ids[i]!;
      // An imported text names members as one written here does, by the same rules.
      const mentions = mentionOutcome({
        postId,
        commentId: null,
        authorId: userId,
        content: r.content,
        previous: [],
        published: r.status === 'published',
        recipients: mentionable[r.visibility] ?? [],
        email: mentionEmail,
        postTitle: r.title,
        publicUrl,
      });
      effects.push(...mentions.effects);
      return appendTo(postStreamId(postId), 0, [
        {
          type: 'ContentImported',
          data: {
            postId,
            authorId: userId,
            actorId,
            number: lastNumber + 1 + i,
            status: r.status,
            ...counted({
              title: r.title,
              content: r.content,
              excerpt: r.excerpt,
              featuredImage: r.featuredImage,
              location: r.location,
              visibility: r.visibility,
              categories: r.categories,
              tags: r.tags,
              seoTitle: r.seoTitle,
              seoDescription: r.seoDescription,
              allowComments: r.allowComments,
              allowSharing: r.allowSharing,
              mediaIds: [],
              contentType: r.type,
            }),
            metadata: r.metadata,
            commentAudience: r.permissions.comment,
            shareAudience: r.permissions.share,
            createdAt: new Date(r.createdAt).toISOString(),
            publishedAt: r.publishedAt === null ? null : new Date(r.publishedAt).toISOString(),
            editedAt: r.editedAt === null ? null : new Date(r.editedAt).toISOString(),
          },
        },
        ...mentions.events,
      ]);
    });
    return {
      guards: [
        ...authorLocks([userId]),
        retryUnless(sql<boolean>`${lastNumberSql(userId)} = ${lastNumber}`),
        ...(records.some((r) => r.status === 'published') ? [feedOrderLock()] : []),
      ],
      appends,
      effects,
      result: { importedCount: records.length, ids },
    };
  },
});
