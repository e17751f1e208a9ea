import { socialMessages, type Conversation, type MessagesPage } from '../../../shared/social';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { compiledOnce, slot } from '../../db/compiled-once';
import { qb } from '../../db/statement';
import { mapRead, rows, type Read } from '../../core/reads';
import { notFound } from '../../core/errors';
import { sql } from 'kysely';
import { mentionedSql } from '../mentions/mentioned-sql';
import { presentPerson } from '../people/people-read';
import { activeSocket, liveSockets } from '../presence/presence-read';
import { presenceShown } from '../relations/relations-policy';
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

function viewRows(db: Kysely<Database>) {
  return (
    db
      .selectFrom('conversation_members as m')
      .innerJoin('conversation_members as c', (join) =>
        join
          .onRef('c.conversation_id', '=', 'm.conversation_id')
          .onRef('c.user_id', '=', 'm.contact_id'),
      )
      .innerJoin('conversations as cv', 'cv.id', 'm.conversation_id')
      // The contact, with their presence, in the same statement: no second round trip.
      .innerJoin('users as cu', 'cu.id', 'm.contact_id')
      .leftJoin('last_seen as ls', 'ls.user_id', 'm.contact_id')
      .select([
        'cu.username as contact_username',
        'cu.display_name as contact_display_name',
        'cu.avatar as contact_avatar',
        'cu.privacy as contact_privacy',
        'ls.last_seen_at as contact_last_seen_at',
        liveSockets(sql.ref('m.contact_id')).as('contact_sockets'),
        activeSocket(sql.ref('m.contact_id')).as('contact_active'),
        presenceShown(sql.ref('m.contact_id'), sql.ref('m.user_id')).as('contact_presence_shown'),
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
      ])
  );
}

type ViewQueryRow = Awaited<ReturnType<ReturnType<typeof viewRows>['execute']>>[number];

function present(rows: ViewQueryRow[]): ConversationView[] {
  return rows.map((row) => {
    const contact = presentPerson({
      id: row.contact_id,
      username: row.contact_username,
      display_name: row.contact_display_name,
      avatar: row.contact_avatar,
      privacy: row.contact_privacy,
      sockets: row.contact_sockets,
      active: row.contact_active,
      last_seen_at: row.contact_last_seen_at,
      presence_shown: row.contact_presence_shown,
    });
    return { row, conversation: presentConversation(row, row, contact) };
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
  return present(rows).map((view) => view.conversation);
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
  return present(rows)[0] ?? null;
}

/** The member's view of one conversation, built and compiled once: every message answers it. */
const oneViewQuery = compiledOnce(
  [slot<string>('conversationId'), slot<string>('userId')],
  (_shape: 'one', conversationId: string, userId: string) =>
    viewRows(qb).where('m.conversation_id', '=', conversationId).where('m.user_id', '=', userId),
);

/** The member's view as a read of a command: after its write, in the same round trip. */
export function conversationViewRead(
  conversationId: string,
  userId: string,
): Read<ConversationView | null> {
  return mapRead(
    rows(oneViewQuery('one', conversationId, userId)),
    (found) => present(found)[0] ?? null,
  );
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

/** Several members' views in one statement of one text, whatever their number. */
const manyViewsQuery = compiledOnce(
  [slot<string[]>('conversationIds'), slot<string[]>('userIds')],
  (_shape: 'many', conversationIds: string[], userIds: string[]) =>
    viewRows(qb).where(
      sql<boolean>`(m.conversation_id, m.user_id) in
        (select * from unnest(${conversationIds}::uuid[], ${userIds}::uuid[]))`,
    ),
);

/** Several members' views at once, keyed by `viewKey`. */
export async function readViewsOf(
  db: Db,
  pairs: { conversationId: string; userId: string }[],
): Promise<Map<string, ConversationView>> {
  if (pairs.length === 0) return new Map();
  const { rows: found } = await db.executeQuery(
    manyViewsQuery(
      'many',
      pairs.map((pair) => pair.conversationId),
      pairs.map((pair) => pair.userId),
    ),
  );
  const views = present(found);
  return new Map(views.map((view) => [viewKey(view.row.conversation_id, view.row.user_id), view]));
}

/** Messages with the members they mention, as every read and push presents them. */
const messageRows = (db: Db) =>
  db
    .selectFrom('messages')
    .select([
      'messages.id',
      'messages.conversation_id',
      'messages.seq',
      'messages.sender_id',
      'messages.content',
      'messages.created_at',
      'messages.link_preview',
      'messages.call',
      mentionedSql('messages').as('mentioned'),
    ]);

export async function readMessagesByIds(db: Db, ids: string[]): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await messageRows(db).where('id', 'in', ids).execute();
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
  let query = messageRows(db)
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
