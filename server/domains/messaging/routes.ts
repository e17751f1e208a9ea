import { Router } from 'express';
import { z } from 'zod';
import {
  conversationFlagsUpdateSchema,
  markUpToSchema,
  messagesQuerySchema,
  sendMessageSchema,
  startConversationSchema,
} from '../../../shared/social';
import { route } from '../../http/route';
import { requireAuth, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import {
  markUpTo,
  sendMessage,
  setConversationFlags,
  startConversation,
  type MarkKind,
} from './commands';
import { presentMessage, viewerOf } from './messaging-presenter';
import { readConversationsOf, readMessagesPage, requireConversationView } from './messaging-read';

/** Any id is accepted here: one that is not a UUID names no conversation, a 404 like the rest. */
const conversationParams = z.object({ id: z.string() });

export function messagingRoutes(deps: RouteDeps): Router {
  const router = Router();
  const { db } = deps;
  const ctx = (requestId: unknown) => ({ db, requestId: String(requestId) });

  router.get(
    '/conversations',
    requireAuth,
    route({}, async (_input, req, res) => {
      res.json(await readConversationsOf(db, sessionOf(req).userId));
    }),
  );

  router.post(
    '/conversations',
    requireAuth,
    route({ body: startConversationSchema }, async ({ body }, req, res) => {
      const userId = sessionOf(req).userId;
      const { conversationId, created } = await startConversation(
        ctx(req.id),
        userId,
        body.participantId,
      );
      const view = await requireConversationView(db, conversationId, userId);
      res.status(created ? 201 : 200).json(view.conversation);
    }),
  );

  router.get(
    '/conversations/:id/messages',
    requireAuth,
    route(
      { params: conversationParams, query: messagesQuerySchema },
      async ({ params, query }, req, res) => {
        const view = await requireConversationView(db, params.id, sessionOf(req).userId);
        res.json(await readMessagesPage(db, view, query.before, query.limit));
      },
    ),
  );

  router.post(
    '/conversations/:id/messages',
    requireAuth,
    route(
      { params: conversationParams, body: sendMessageSchema },
      async ({ params, body }, req, res) => {
        const userId = sessionOf(req).userId;
        const message = await sendMessage(ctx(req.id), userId, params.id, body.content);
        const view = await requireConversationView(db, params.id, userId);
        res.status(201).json({
          message: presentMessage(message, viewerOf(view.row)),
          conversation: view.conversation,
        });
      },
    ),
  );

  for (const kind of ['delivered', 'read'] as const satisfies readonly MarkKind[]) {
    router.post(
      `/conversations/:id/${kind}`,
      requireAuth,
      route(
        { params: conversationParams, body: markUpToSchema },
        async ({ params, body }, req, res) => {
          const userId = sessionOf(req).userId;
          await markUpTo(ctx(req.id), userId, params.id, body.upToMessageId, kind);
          if (kind === 'delivered') {
            res.status(204).end();
            return;
          }
          res.json((await requireConversationView(db, params.id, userId)).conversation);
        },
      ),
    );
  }

  router.patch(
    '/conversations/:id',
    requireAuth,
    route(
      { params: conversationParams, body: conversationFlagsUpdateSchema },
      async ({ params, body }, req, res) => {
        const userId = sessionOf(req).userId;
        await setConversationFlags(ctx(req.id), userId, params.id, body);
        res.json((await requireConversationView(db, params.id, userId)).conversation);
      },
    ),
  );

  return router;
}
