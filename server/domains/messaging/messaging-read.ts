import { socialMessages, type Conversation, type MessagesPage } from '../../../shared/social';
import type { Db } from '../../db/schema';
import { notFound } from '../../http/errors';
import { readPeople } from '../people/people-read';
import { isUuid } from './conversation-id';
import {
  presentConversation,
  presentMessage,
  viewerOf,
  type ConversationRow,
  type MemberViewRow,
  type MessageRow,
} from './messaging-presenter';

export type ViewRow = MemberViewRow & ConversationRow;

/** A member's view of a conversation: the row it was presented from, and the presentation. */
export interface ConversationView {
  row: ViewRow;
  conversation: Conversation;
}

export const viewKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

function viewRows(db: Db) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversation_members as c', (join) =>
      join
        .onRef('c.conversation_id', '=', 'm.conversation_id')
        .onRef('c.user_id', '=', 'm.contact_id'),
    )
    .innerJoin('conversations as cv', 'cv.id', 'm.conversation_id')
    .select([
      'm.conversation_id',
      'm.user_id',
      'm.contact_id',
      'm.unread_count',
      'm.read_seq',
      'm.is_pinned',
      'm.is_starred',
      'm.is_archived',
      'm.version',
      'c.delivered_seq as contact_delivered_seq',
      'c.read_seq as contact_read_seq',
      'cv.id',
      'cv.participant_ids',
      'cv.last_message_id',
      'cv.last_message_content',
      'cv.last_message_sender_id',
      'cv.created_at',
      'cv.updated_at',
    ]);
}

async function present(db: Db, rows: ViewRow[]): Promise<ConversationView[]> {
  const people = await readPeople(
    db,
    rows.map((row) => row.contact_id),
  );
  return rows.flatMap((row) => {
    const contact = people.get(row.contact_id);
    return contact ? [{ row, conversation: presentConversation(row, row, contact) }] : [];
  });
}

/** The member's conversations, pinned first, then by latest activity. */
export async function readConversationsOf(db: Db, userId: string): Promise<Conversation[]> {
  const rows = await viewRows(db)
    .where('m.user_id', '=', userId)
    .orderBy('m.is_pinned', 'desc')
    .orderBy('cv.updated_at', 'desc')
    .orderBy('cv.id')
    .execute();
  return (await present(db, rows)).map((view) => view.conversation);
}

/** The member's view of one conversation; null when it does not exist or they are not in it. */
export async function readConversationView(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<ConversationView | null> {
  if (!isUuid(conversationId)) return null;
  const rows = await viewRows(db)
    .where('m.conversation_id', '=', conversationId)
    .where('m.user_id', '=', userId)
    .execute();
  return (await present(db, rows))[0] ?? null;
}

export async function requireConversationView(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<ConversationView> {
  const view = await readConversationView(db, conversationId, userId);
  if (!view) throw notFound(socialMessages.conversationNotFound);
  return view;
}

/** Several members' views at once, keyed by `viewKey`. */
export async function readViewsOf(
  db: Db,
  pairs: { conversationId: string; userId: string }[],
): Promise<Map<string, ConversationView>> {
  if (pairs.length === 0) return new Map();
  const rows = await viewRows(db)
    .where((eb) =>
      eb(
        eb.refTuple('m.conversation_id', 'm.user_id'),
        'in',
        pairs.map((pair) => eb.tuple(pair.conversationId, pair.userId)),
      ),
    )
    .execute();
  const views = await present(db, rows);
  return new Map(views.map((view) => [viewKey(view.row.conversation_id, view.row.user_id), view]));
}

export async function readMessagesByIds(db: Db, ids: string[]): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A page of the thread ending just before `before` (or at the newest), oldest first. */
export async function readMessagesPage(
  db: Db,
  view: ConversationView,
  before: string | undefined,
  limit: number,
): Promise<MessagesPage> {
  const conversationId = view.row.conversation_id;
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(limit + 1);
  if (before) {
    const anchor = await db
      .selectFrom('messages')
      .select('seq')
      .where('id', '=', before)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (!anchor) throw notFound(socialMessages.messageNotFound);
    query = query.where('seq', '<', anchor.seq);
  }
  const rows = await query.execute();
  const viewer = viewerOf(view.row);
  return {
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((row) => presentMessage(row, viewer)),
    hasMore: rows.length > limit,
  };
}
