import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import {
  batchDeleteSchema,
  batchPatchSchema,
  batchResultSchema,
  contentListQuerySchema,
  contentMessages,
  contentPageSchema,
  contentRecordSchema,
  contentSearchQuerySchema,
  contentStatsQuerySchema,
  contentStatsSchema,
  contentTagsQuerySchema,
  contentTypeQuerySchema,
  createContentSchema,
  exportQuerySchema,
  importResultSchema,
  importSchema,
  migrateResultSchema,
  migrateSchema,
  patchContentSchema,
  patchMetadataSchema,
  patchPermissionsSchema,
} from '../../../shared/content';
import { forbidden, notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf, sessionOf } from '../../http/signed-in';
import { commandRoute, idParams, readRoute } from '../posts/route-builders';
import { idOrNone } from '../posts/streams';
import {
  batchEditContent,
  batchTrashContent,
  createContent,
  editContent,
  importContent,
  migrateContent,
  patchContentMetadata,
  setContentPermissions,
  trashContent,
} from './content-commands';
import {
  CONTENT_EXPORT_TYPES,
  contentExportFileName,
  csvExport,
  jsonExport,
} from './content-export';
import { exportRows, readContent, readContentList, readContentStats } from './content-read';
import { searchContent } from './content-search';
import { validateImport } from './content-rules';
import { uuidv7 } from './uuidv7';

/** A record read back after a change: missing when the caller can no longer see it. */
const recordAnswer = (status: 200 | 201) =>
  ({ status, schema: contentRecordSchema, notFound: contentMessages.notFound }) as const;

const isOwner = (req: Request) => sessionOf(req).user.role === 'owner';

const ACCESS =
  "Members act on their own content, an owner on anyone's; a record the caller may not see " +
  '(or one in the trash) answers 404.';

export function contentRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config } = deps;

  /** The same three operations by id and by composite id (the post's uuidv7, the same value). */
  const byId = (path: string, name: string): AnyRouteSpec[] => [
    readRoute({
      path,
      summary: `A content record by ${name}`,
      description: ACCESS,
      params: idParams,
      errors: [404],
      answer: { schema: contentRecordSchema, notFound: contentMessages.notFound },
      read: ({ memberId, params }) => readContent(db, idOrNone(params.id), memberId),
    }),
    commandRoute(commands, {
      method: 'patch',
      path,
      summary: `Changes a content record by ${name}`,
      description: `${ACCESS} The rules of \`PATCH /posts/{id}\`; \`metadata\` replaces the whole.`,
      params: idParams,
      body: patchContentSchema,
      errors: [403, 404],
      answer: recordAnswer(200),
      command: editContent,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        patch: body,
        publicUrl: config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path,
      summary: `Moves a content record to the trash by ${name}`,
      description: `${ACCESS} Restored or purged by the content history routes.`,
      params: idParams,
      errors: [403, 404],
      command: trashContent,
      input: ({ memberId, params }) => ({ actorId: memberId, postId: params.id }),
    }),
  ];

  return [
    commandRoute(commands, {
      method: 'post',
      path: '/content',
      summary: 'Creates a content record: a post, by the rules of `POST /posts`',
      description: 'With its type (post, article, image, video, link) and metadata.',
      body: createContentSchema,
      answer: recordAnswer(201),
      command: createContent,
      input: ({ memberId, body }) => ({
        authorId: memberId,
        postId: uuidv7(),
        content: body,
        publicUrl: config.publicUrl,
      }),
    }),
    readRoute({
      path: '/content/user',
      summary: "A member's content records the caller may see, filtered and sorted",
      description:
        "Without `userId`, the caller's own. Pages of 20 by default (at most 100) from 1; " +
        'filters: status, type, visibility, tag, category, from/to (created), sort.',
      query: contentListQuerySchema,
      answer: { schema: contentPageSchema },
      read: ({ memberId, query }) =>
        readContentList(db, memberId, { ...query, userId: query.userId ?? memberId }),
    }),
    readRoute({
      path: '/content/search',
      summary: 'Full-text search of the content records the caller may see',
      description:
        'Postgres full-text search over title, tags and content (weighted in that order), the ' +
        'query read as a web search (quotes, `or`, `-word`): the newest 500 matches the caller ' +
        'may see (the oldest with `sort=oldest`), most relevant first, then newest; `total` ' +
        'counts them. A blank `q` is refused; a search past its time limit answers ' +
        '`503 search-timeout`.',
      query: contentSearchQuerySchema,
      errors: [503],
      answer: { schema: contentPageSchema },
      read: ({ memberId, query }) => searchContent(db, memberId, query),
    }),
    readRoute({
      path: '/content/tags',
      summary: 'Content records having any of the tags (comma-separated)',
      query: contentTagsQuerySchema,
      answer: { schema: contentPageSchema },
      read: ({ memberId, query: { tags, ...rest } }) =>
        readContentList(db, memberId, rest, (select) =>
          select.where((eb) => eb(eb.ref('p.tags'), '&&', eb.val(tags))),
        ),
    }),
    readRoute({
      path: '/content/type',
      summary: 'Content records of one type',
      query: contentTypeQuerySchema,
      answer: { schema: contentPageSchema },
      read: ({ memberId, query }) => readContentList(db, memberId, query),
    }),
    readRoute({
      path: '/content/stats',
      summary: 'Totals by status and type, summed metrics and top tags',
      description: "Of the records the caller may see; of one member's with `userId`.",
      query: contentStatsQuerySchema,
      answer: { schema: contentStatsSchema },
      read: ({ memberId, query }) => readContentStats(db, memberId, query.userId),
    }),
    defineRoute({
      method: 'get',
      path: '/content/export',
      summary: "A member's content as a JSON or CSV download, streamed",
      description:
        "A member exports their own, an owner anyone's (`userId`, the caller by default). " +
        'Oldest first; the trash and what moderators hid or removed are left out. The JSON is ' +
        '`{"content":[...]}`, exactly what `POST /content/import` takes beside `userId`: no ' +
        'ids, numbers, metrics or named members, so exporting what was imported gives the same ' +
        'bytes.',
      auth: 'member',
      query: exportQuerySchema,
      responses: {
        200: {
          description: 'The records in the chosen format',
          contentType: ['application/json', 'text/csv'],
        },
      },
      errors: [403, 404],
      async handler({ query }, req, res) {
        const callerId = memberIdOf(req);
        const userId = query.userId ?? callerId;
        if (userId !== callerId && !isOwner(req)) {
          throw forbidden('not-yours', contentMessages.exportNotYours);
        }
        const member = await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!member) throw notFound(contentMessages.memberNotFound, 'member-not-found');
        res.setHeader('content-type', CONTENT_EXPORT_TYPES[query.format]);
        res.setHeader(
          'content-disposition',
          `attachment; filename="${contentExportFileName(userId, query.format, new Date())}"`,
        );
        res.setHeader('cache-control', 'no-store');
        const rows = exportRows(db, userId);
        const body = query.format === 'json' ? jsonExport(rows) : csvExport(rows);
        // Read a batch at a time, at the pace the client downloads.
        await pipeline(Readable.from(body), res);
      },
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/import',
      summary: 'Creates records from a JSON export, all or none',
      description:
        'Each record is checked on its own; any bad one refuses the import with every bad ' +
        'index and why (`fields["content.<index>"]`), and nothing is imported. A member ' +
        "imports into their own account, an owner into anyone's.",
      body: importSchema,
      errors: [403, 404],
      answer: { status: 201, schema: importResultSchema },
      command: importContent,
      input: ({ memberId, body }) => {
        const records = validateImport(body.content);
        return {
          actorId: memberId,
          userId: body.userId,
          records,
          ids: records.map(() => uuidv7()),
          publicUrl: config.publicUrl,
        };
      },
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/content/migrate',
      summary: 'Moves every post of one member to another (owners)',
      description:
        "Drafts and the trash too, numbered after the target's last post; one transaction.",
      auth: 'owner',
      body: migrateSchema,
      errors: [404],
      answer: { status: 200, schema: migrateResultSchema },
      command: migrateContent,
      input: ({ memberId, body }) => ({ actorId: memberId, ...body }),
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/content/batch',
      summary: 'Changes many records, all or none',
      description:
        'One transaction: any item refused (not found, not yours, bad content) refuses the ' +
        'batch with `400 batch-refused`, each refused item listed by index and id.',
      body: batchPatchSchema,
      answer: { status: 200, schema: batchResultSchema },
      command: batchEditContent,
      input: ({ memberId, body }) => ({ actorId: memberId, updates: body.updates }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path: '/content/batch',
      summary: 'Moves many records to the trash, all or none',
      body: batchDeleteSchema,
      answer: { status: 200, schema: batchResultSchema },
      command: batchTrashContent,
      input: ({ memberId, body }) => ({ actorId: memberId, contentIds: body.contentIds }),
    }),
    ...byId('/content/composite/:id', 'composite id'),
    ...byId('/content/:id', 'id'),
    commandRoute(commands, {
      method: 'patch',
      path: '/content/:id/permissions',
      summary: 'Who may view, comment on and share a record',
      description:
        `${ACCESS} \`view\` is the post's visibility; each is public, friendsOnly or private. ` +
        '`allow` names members per action beyond the audience; a list sent replaces that ' +
        "action's list. The named lists are shown to the author and owners only.",
      params: idParams,
      body: patchPermissionsSchema,
      errors: [403, 404],
      answer: recordAnswer(200),
      command: setContentPermissions,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        patch: body,
      }),
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/content/:id/metadata',
      summary: "Sets or removes keys of a record's metadata",
      description: `${ACCESS} A key set to null is removed; at most 50 keys and 16 KB in all.`,
      params: idParams,
      body: patchMetadataSchema,
      errors: [403, 404],
      answer: recordAnswer(200),
      command: patchContentMetadata,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        changes: body.metadata,
      }),
    }),
  ];
}
