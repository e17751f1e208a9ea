import { z } from 'zod';
import { text } from '../../../shared/api/text';
import {
  conversationFlagsUpdateSchema,
  conversationSchema,
  markUpToSchema,
  messagesPageSchema,
  messagesQuerySchema,
  sendMessageSchema,
  startConversationSchema,
} from '../../../shared/social';
import { messageNewPayloadSchema } from '../../../shared/realtime';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { socialMessages } from '../../../shared/social';
import {
  markUpTo,
  sendMessage,
  setConversationFlags,
  startConversation,
  type MarkKind,
} from './commands';
import { presentMessage, viewerOf } from './messaging-presenter';
import { readConversationsOf, readMessagesPage, requireConversationView } from './messaging-read';

/**
 * Any id is accepted here: one that is not a UUID names no conversation, a 404 like the rest. It
 * is lowered as every id is, since the conversation's stream id is built from its text.
 */
const conversationParams = z.object({ id: text({ max: 100 }).toLowerCase() });

/** A view that vanished between the write and its read back (it cannot) is still a clean 404. */
function present<T>(view: T | null): T {
  if (!view) throw notFound(socialMessages.conversationNotFound);
  return view;
}

/** Every route here reads or writes private messages: an API token needs `messages` for each. */
export function messagingRoutes({ db, commands, config }: ModuleDeps) {
  const { publicUrl } = config;
  const markRoute = (kind: MarkKind) =>
    defineRoute({
      method: 'post',
      path: `/conversations/:id/${kind}`,
      summary:
        kind === 'delivered'
          ? "Acknowledges delivery of the conversation's messages up to one"
          : 'Marks the conversation read up to a message',
      auth: 'member',
      scope: 'messages',
      params: conversationParams,
      body: markUpToSchema,
      responses: kind === 'delivered' ? { 204: null } : { 200: conversationSchema },
      errors: [404],
      async handler({ params, body }, req, res) {
        const view = await commands.run(
          markUpTo,
          {
            userId: memberIdOf(req),
            conversationId: params.id,
            upToMessageId: body.upToMessageId,
            kind,
          },
          contextOf(req),
        );
        if (kind === 'delivered') {
          res.status(204).end();
          return;
        }
        res.json(present(view).conversation);
      },
    });
  return [
    defineRoute({
      method: 'get',
      path: '/conversations',
      summary: "The member's conversations, pinned first, then by latest activity",
      auth: 'member',
      scope: 'messages',
      responses: { 200: z.array(conversationSchema) },
      async handler(_input, req, res) {
        res.json(await readConversationsOf(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/conversations',
      summary: 'Starts the conversation with a member, or finds the one there is',
      auth: 'member',
      scope: 'messages',
      body: startConversationSchema,
      responses: { 200: conversationSchema, 201: conversationSchema },
      errors: [403, 404, 409],
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        const { conversationId, created } = await commands.run(
          startConversation,
          { userId, participantId: body.participantId },
          contextOf(req),
        );
        const view = await requireConversationView(db, conversationId, userId);
        res.status(created ? 201 : 200).json(view.conversation);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/conversations/:id/messages',
      summary: 'A page of the thread, oldest first, ending before a message or at the newest',
      auth: 'member',
      scope: 'messages',
      params: conversationParams,
      query: messagesQuerySchema,
      responses: { 200: messagesPageSchema },
      errors: [404],
      async handler({ params, query }, req, res) {
        const view = await requireConversationView(db, params.id, memberIdOf(req));
        res.json(await readMessagesPage(db, view, query.before, query.limit));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/conversations/:id/messages',
      summary: 'Sends a message',
      auth: 'member',
      scope: 'messages',
      params: conversationParams,
      body: sendMessageSchema,
      responses: { 201: messageNewPayloadSchema },
      errors: [403, 404, 409],
      async handler({ params, body }, req, res) {
        const userId = memberIdOf(req);
        const { result, events } = await commands.execute(
          sendMessage,
          { userId, conversationId: params.id, content: body.content, publicUrl },
          contextOf(req),
        );
        const view = present(result.view);
        const message = {
          id: result.messageId,
          conversation_id: params.id,
          seq: result.seq,
          sender_id: userId,
          content: body.content,
          created_at: events[0]!.occurredAt,
          link_preview: null,
          mentioned: result.mentions,
          call: null,
        };
        res.status(201).json({
          message: presentMessage(message, viewerOf(view.row)),
          conversation: view.conversation,
        });
      },
    }),
    markRoute('delivered'),
    markRoute('read'),
    defineRoute({
      method: 'patch',
      path: '/conversations/:id',
      summary: "Pins, stars or archives the conversation in the member's own view",
      auth: 'member',
      scope: 'messages',
      params: conversationParams,
      body: conversationFlagsUpdateSchema,
      responses: { 200: conversationSchema },
      errors: [404],
      async handler({ params, body }, req, res) {
        const view = await commands.run(
          setConversationFlags,
          { userId: memberIdOf(req), conversationId: params.id, update: body },
          contextOf(req),
        );
        res.json(present(view).conversation);
      },
    }),
  ];
}
