import { isBlank } from '../../../shared/api/text';
import {
  contentMessages,
  exportRecordSchema,
  metadataSchema,
  type ContentMetadata,
  type ExportRecord,
  type PatchContent,
} from '../../../shared/content';
import type { NewEvent } from '../../../shared/events';
import { postsMessages } from '../../../shared/posts';
import { forbidden, invalid, notFound } from '../../core/errors';
import { type Statement } from '../../db/statement';
import { editEvents, type PostState } from '../posts/commands';
import { feedOrderLock } from '../posts/feed-order';
import { ownMediaGuard } from '../posts/post-media';

export const contentNotFound = () => notFound(contentMessages.notFound);
export const notYourContent = () => forbidden('not-author', contentMessages.notYours);
export const ownerOnly = () => forbidden('owner-only', contentMessages.ownerOnly);

/** A record as the content commands decide by. */
export type RecordState = PostState & { readable: boolean };

/**
 * The record the actor may change: one they may not read is not found; another member's is
 * forbidden unless the actor is an owner ("members act on their own content; the owner on
 * anyone's").
 */
export function changeable<R extends RecordState>(
  record: R | undefined,
  actorId: string,
  actorIsOwner: boolean,
): R {
  if (!record || !record.readable) throw contentNotFound();
  if (record.author_id !== actorId && !actorIsOwner) throw notYourContent();
  return record;
}

const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The events of a metadata change; none when it leaves the metadata as it was. */
export function metadataEvents(
  record: RecordState,
  actorId: string,
  metadata: ContentMetadata,
): NewEvent[] {
  if (sameJson(record.metadata, metadata)) return [];
  return [
    {
      type: 'ContentMetadataSet',
      data: { postId: record.id, authorId: record.author_id, actorId, metadata },
    },
  ];
}

/**
 * The events and guards of one record's edit (`PATCH /content/{id}` and each item of a batch):
 * the post's edit rules, then its metadata. Media must be the author's own, whoever edits.
 */
export function editDecision(
  record: RecordState,
  actorId: string,
  patch: PatchContent,
): { events: NewEvent[]; guards: Statement[] } {
  // The content API's edits keep a post's card as it is: `linkPreview` is for the editor's create.
  const { metadata, type, linkPreview: _card, ...postPatch } = patch;
  const events = [
    ...editEvents(record, type === undefined ? postPatch : { ...postPatch, contentType: type }),
    ...(metadata === undefined ? [] : metadataEvents(record, actorId, metadata)),
  ];
  return {
    events,
    guards: [
      ...(events.some((e) => e.type === 'PostPublished') ? [feedOrderLock()] : []),
      ...ownMediaGuard(record.author_id, patch.mediaIds),
    ],
  };
}

/**
 * The metadata after a `PATCH /content/{id}/metadata`: keys sent with a value set, keys sent
 * with null removed; the result must still fit the limits.
 */
export function mergedMetadata(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): ContentMetadata {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const checked = metadataSchema.safeParse(merged);
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? contentMessages.metadataTooLarge;
    throw invalid('invalid-metadata', message, { metadata: message });
  }
  return checked.data;
}

/** Why one imported record cannot be created, or null when it can. */
function importIssue(record: ExportRecord): string | null {
  if (record.status !== 'published') return null;
  if (isBlank(record.title)) return `title: ${postsMessages.titleRequired}`;
  if (isBlank(record.content)) return `content: ${postsMessages.contentRequired}`;
  if (record.publishedAt === null) return `publishedAt: ${contentMessages.publishedAtRequired}`;
  return null;
}

/**
 * Every record of an import checked on its own (the export's record schema, then the rules of
 * publishing): any bad one refuses the whole import with each bad index and why, so nothing is
 * half imported.
 */
export function validateImport(records: readonly unknown[]): ExportRecord[] {
  const valid: ExportRecord[] = [];
  const fields: Record<string, string> = {};
  records.forEach((raw, index) => {
    const parsed = exportRecordSchema.safeParse(raw);
    if (!parsed.success) {
      fields[`content.${index}`] = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
        .join('; ');
      return;
    }
    const issue = importIssue(parsed.data);
    if (issue) fields[`content.${index}`] = issue;
    else valid.push(parsed.data);
  });
  if (Object.keys(fields).length > 0) {
    const listed = Object.entries(fields)
      .map(([key, why]) => `${key.replace('content.', 'record ')}: ${why}`)
      .join(' | ');
    throw invalid('import-refused', `${contentMessages.importRefused} ${listed}`, fields);
  }
  return valid;
}

/** Any item refused refuses the whole batch, with every refused item listed by index and id. */
export function batchRefusal(failures: { index: number; id: string; message: string }[]) {
  const fields = Object.fromEntries(
    failures.map((f) => [`items.${f.index}`, `${f.id}: ${f.message}`]),
  );
  const listed = failures.map((f) => `item ${f.index} (${f.id}): ${f.message}`).join(' | ');
  return invalid('batch-refused', `${contentMessages.batchRefused} ${listed}`, fields);
}
