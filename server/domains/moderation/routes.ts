import { z } from 'zod';
import { text } from '../../../shared/api/text';
import {
  appointModeratorSchema,
  auditPageSchema,
  auditQuerySchema,
  createReportSchema,
  moderateContentSchema,
  moderationActionRequestSchema,
  moderationMessages,
  moderationResultSchema,
  moderatorsSchema,
  queuePageSchema,
  queueQuerySchema,
  reportCreatedSchema,
  type AuditEntry,
} from '../../../shared/moderation';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf, sessionOf } from '../../http/signed-in';
import {
  appointModerator,
  dismissModerator,
  moderate,
  newReportId,
  reportContent,
  reinstateMember,
  type ModerationInput,
} from './commands';
import { readAudit, readModerators, readQueue } from './moderation-read';

/** Any id is accepted; one that is not a UUID names nothing and answers 404. */
const idParams = z.object({ id: text({ max: 100 }) });
const userParams = z.object({ userId: text({ max: 100 }) });

/** The entry an action's write read back; none means its target went meanwhile. */
function entryOf(entry: AuditEntry | null): { entry: AuditEntry } {
  if (!entry) throw notFound(moderationMessages.notFound);
  return { entry };
}

export function moderationRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands } = deps;
  const act = async (
    input: Omit<ModerationInput, 'moderatorId' | 'moderatorRole'>,
    req: Parameters<AnyRouteSpec['handler']>[1],
  ) => {
    const session = sessionOf(req);
    const entry = await commands.run(
      moderate,
      { ...input, moderatorId: session.userId, moderatorRole: session.user.role },
      contextOf(req),
    );
    return entryOf(entry);
  };
  return [
    defineRoute({
      method: 'post',
      path: '/reports',
      summary: 'Reports a post or comment to the moderators',
      description:
        'Only content the member may see, never their own, once per member and target (409).',
      auth: 'member',
      body: createReportSchema,
      responses: { 201: reportCreatedSchema },
      errors: [403, 404, 409],
      async handler({ body }, req, res) {
        const created = await commands.run(
          reportContent,
          { reporterId: memberIdOf(req), report: body, reportId: newReportId() },
          contextOf(req),
        );
        res.status(201).json(created);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/moderation/queue',
      summary: 'Reported content with its reports, the most recently reported first',
      auth: 'moderator',
      query: queueQuerySchema,
      responses: { 200: queuePageSchema },
      async handler({ query }, _req, res) {
        res.json(await readQueue(db, query.status, query.cursor));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/moderation/actions',
      summary: 'Approves, hides or removes content, or warns or suspends its author or a member',
      description:
        'One event per action, carrying the moderator; answers the audit entry it became. ' +
        'Suspensions take `days` (1 to 365) or last until lifted.',
      auth: 'moderator',
      body: moderationActionRequestSchema,
      responses: { 200: moderationResultSchema },
      errors: [403, 404],
      async handler({ body }, req, res) {
        res.json(await act(body, req));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/content/:id/moderate',
      summary: 'Moderates a post (the same actions as `POST /moderation/actions`)',
      tag: 'moderation',
      auth: 'moderator',
      params: idParams,
      body: moderateContentSchema,
      responses: { 200: moderationResultSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        res.json(await act({ ...body, targetType: 'post', targetId: params.id }, req));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/moderation/suspensions/:userId',
      summary: "Lifts a member's suspension",
      auth: 'moderator',
      params: userParams,
      responses: { 200: moderationResultSchema },
      errors: [403, 404],
      async handler({ params }, req, res) {
        const session = sessionOf(req);
        const entry = await commands.run(
          reinstateMember,
          { moderatorId: session.userId, moderatorRole: session.user.role, userId: params.userId },
          contextOf(req),
        );
        res.json(entryOf(entry));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/moderation/audit',
      summary: "Every moderator action, newest first, with the moderator's name",
      auth: 'moderator',
      query: auditQuerySchema,
      responses: { 200: auditPageSchema },
      async handler({ query }, _req, res) {
        res.json(await readAudit(db, query.cursor));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/moderation/moderators',
      summary: 'The owners and the moderators they appointed',
      auth: 'owner',
      responses: { 200: moderatorsSchema },
      async handler(_input, _req, res) {
        res.json({ moderators: await readModerators(db) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/moderation/moderators',
      summary: 'Makes a member a moderator',
      auth: 'owner',
      body: appointModeratorSchema,
      responses: { 204: null },
      errors: [404],
      async handler({ body }, req, res) {
        await commands.run(
          appointModerator,
          { ownerId: memberIdOf(req), userId: body.userId },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/moderation/moderators/:userId',
      summary: 'Makes a moderator a member again',
      auth: 'owner',
      params: userParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          dismissModerator,
          { ownerId: memberIdOf(req), userId: params.userId },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}
