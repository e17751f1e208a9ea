import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { z } from 'zod';
import { text } from '../../../shared/api/text';
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
  type ContentRecord,
} from '../../../shared/content';
import { contextOf } from '../../core/context';
import { forbidden, notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf, sessionOf } from '../../http/signed-in';
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

/** Any id is accepted; one that is not a UUID names nothing and answers 404. */
const idParams = z.object({ id: text({ max: 100 }) });

function found(record: ContentRecord | null | undefined): ContentRecord {
  if (!record) throw notFound(contentMessages.notFound);
  return record;
}

const isOwner = (req: Request) => sessionOf(req).user.role === 'owner';

const ACCESS =
  "Members act on their own content, an owner on anyone's; a record the caller may not see " +
  '(or one in the trash) answers 404.';

export function contentRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config } = deps;

  /** The same three operations by id and by composite id (the post's uuidv7, the same value). */
  const byId = (path: string, name: string): AnyRouteSpec[] => [
    defineRoute({
      method: 'get',
      path,
      summary: `A content record by ${name}`,
      description: ACCESS,
      auth: 'member',
      params: idParams,
      responses: { 200: contentRecordSchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json(found(await readContent(db, idOrNone(params.id), memberIdOf(req))));
      },
    }),
    defineRoute({
      method: 'patch',
      path,
      summary: `Changes a content record by ${name}`,
      description: `${ACCESS} The rules of \`PATCH /posts/{id}\`; \`metadata\` replaces the whole.`,
      auth: 'member',
      params: idParams,
      body: patchContentSchema,
      responses: { 200: contentRecordSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const record = await commands.run(
          editContent,
          { actorId: memberIdOf(req), postId: params.id, patch: body, publicUrl: config.publicUrl },
          contextOf(req),
        );
        res.json(found(record));
      },
    }),
    defineRoute({
      method: 'delete',
      path,
      summary: `Moves a content record to the trash by ${name}`,
      description: `${ACCESS} Restored or purged by the content history routes.`,
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        await commands.run(
          trashContent,
          { actorId: memberIdOf(req), postId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];

  return [
    defineRoute({
      method: 'post',
      path: '/content',
      summary: 'Creates a content record: a post, by the rules of `POST /posts`',
      description: 'With its type (post, article, image, video, link) and metadata.',
      auth: 'member',
      body: createContentSchema,
      responses: { 201: contentRecordSchema },
      async handler({ body }, req, res) {
        const record = await commands.run(
          createContent,
          {
            authorId: memberIdOf(req),
            postId: uuidv7(),
            content: body,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(found(record));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/user',
      summary: "A member's content records the caller may see, filtered and sorted",
      description:
        "Without `userId`, the caller's own. Pages of 20 by default (at most 100) from 1; " +
        'filters: status, type, visibility, tag, category, from/to (created), sort.',
      auth: 'member',
      query: contentListQuerySchema,
      responses: { 200: contentPageSchema },
      async handler({ query }, req, res) {
        const readerId = memberIdOf(req);
        res.json(
          await readContentList(db, readerId, { ...query, userId: query.userId ?? readerId }),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/search',
      summary: 'Full-text search of the content records the caller may see',
      description:
        'Postgres full-text search over title, tags and content (weighted in that order), the ' +
        'query read as a web search (quotes, `or`, `-word`): the newest 500 matches the caller ' +
        'may see (the oldest with `sort=oldest`), most relevant first, then newest; `total` ' +
        'counts them. A blank `q` is refused; a search past its time limit answers ' +
        '`503 search-timeout`.',
      auth: 'member',
      query: contentSearchQuerySchema,
      responses: { 200: contentPageSchema },
      errors: [503],
      async handler({ query }, req, res) {
        res.json(await searchContent(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/tags',
      summary: 'Content records having any of the tags (comma-separated)',
      auth: 'member',
      query: contentTagsQuerySchema,
      responses: { 200: contentPageSchema },
      async handler({ query }, req, res) {
        const { tags, ...rest } = query;
        res.json(
          await readContentList(db, memberIdOf(req), rest, (select) =>
            select.where((eb) => eb(eb.ref('p.tags'), '&&', eb.val(tags))),
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/type',
      summary: 'Content records of one type',
      auth: 'member',
      query: contentTypeQuerySchema,
      responses: { 200: contentPageSchema },
      async handler({ query }, req, res) {
        res.json(await readContentList(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/content/stats',
      summary: 'Totals by status and type, summed metrics and top tags',
      description: "Of the records the caller may see; of one member's with `userId`.",
      auth: 'member',
      query: contentStatsQuerySchema,
      responses: { 200: contentStatsSchema },
      async handler({ query }, req, res) {
        res.json(await readContentStats(db, memberIdOf(req), query.userId));
      },
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
    defineRoute({
      method: 'post',
      path: '/content/import',
      summary: 'Creates records from a JSON export, all or none',
      description:
        'Each record is checked on its own; any bad one refuses the import with every bad ' +
        'index and why (`fields["content.<index>"]`), and nothing is imported. A member ' +
        "imports into their own account, an owner into anyone's.",
      auth: 'member',
      body: importSchema,
      responses: { 201: importResultSchema },
      errors: [403, 404],
      async handler({ body }, req, res) {
        const records = validateImport(body.content);
        const result = await commands.run(
          importContent,
          {
            actorId: memberIdOf(req),
            userId: body.userId,
            records,
            ids: records.map(() => uuidv7()),
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(result);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/migrate',
      summary: 'Moves every post of one member to another (owners)',
      description:
        "Drafts and the trash too, numbered after the target's last post; one transaction.",
      auth: 'owner',
      body: migrateSchema,
      responses: { 200: migrateResultSchema },
      errors: [404],
      async handler({ body }, req, res) {
        res.json(
          await commands.run(migrateContent, { actorId: memberIdOf(req), ...body }, contextOf(req)),
        );
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/content/batch',
      summary: 'Changes many records, all or none',
      description:
        'One transaction: any item refused (not found, not yours, bad content) refuses the ' +
        'batch with `400 batch-refused`, each refused item listed by index and id.',
      auth: 'member',
      body: batchPatchSchema,
      responses: { 200: batchResultSchema },
      async handler({ body }, req, res) {
        res.json(
          await commands.run(
            batchEditContent,
            { actorId: memberIdOf(req), updates: body.updates },
            contextOf(req),
          ),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/content/batch',
      summary: 'Moves many records to the trash, all or none',
      auth: 'member',
      body: batchDeleteSchema,
      responses: { 200: batchResultSchema },
      async handler({ body }, req, res) {
        res.json(
          await commands.run(
            batchTrashContent,
            { actorId: memberIdOf(req), contentIds: body.contentIds },
            contextOf(req),
          ),
        );
      },
    }),
    ...byId('/content/composite/:id', 'composite id'),
    ...byId('/content/:id', 'id'),
    defineRoute({
      method: 'patch',
      path: '/content/:id/permissions',
      summary: 'Who may view, comment on and share a record',
      description:
        `${ACCESS} \`view\` is the post's visibility; each is public, friendsOnly or private. ` +
        '`allow` names members per action beyond the audience; a list sent replaces that ' +
        "action's list. The named lists are shown to the author and owners only.",
      auth: 'member',
      params: idParams,
      body: patchPermissionsSchema,
      responses: { 200: contentRecordSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const record = await commands.run(
          setContentPermissions,
          { actorId: memberIdOf(req), postId: params.id, patch: body },
          contextOf(req),
        );
        res.json(found(record));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/content/:id/metadata',
      summary: "Sets or removes keys of a record's metadata",
      description: `${ACCESS} A key set to null is removed; at most 50 keys and 16 KB in all.`,
      auth: 'member',
      params: idParams,
      body: patchMetadataSchema,
      responses: { 200: contentRecordSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const record = await commands.run(
          patchContentMetadata,
          { actorId: memberIdOf(req), postId: params.id, changes: body.metadata },
          contextOf(req),
        );
        res.json(found(record));
      },
    }),
  ];
}
