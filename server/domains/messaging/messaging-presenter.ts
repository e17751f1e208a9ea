import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/tables/messages';
import { presentLinkPreview } from '../link-previews/link-preview-presenter';
import type { Mention } from '../../../shared/mentions';
import type { Conversation, Message, MessageStatus, Person } from '../../../shared/social';

/** A member's row of a conversation, with the contact's marks beside it. */
export interface MemberViewRow {
  conversation_id: string;
  user_id: string;
  contact_id: string;
  unread_count: number;
  read_seq: number;
  is_pinned: boolean;
  is_starred: boolean;
  is_archived: boolean;
  version: number;
  contact_delivered_seq: number;
  contact_read_seq: number;
}

export interface ConversationRow {
  id: string;
  participant_ids: string[];
  last_message_id: string | null;
  last_message_content: string | null;
  last_message_sender_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A message row, with the participants it mentions and their usernames now (`mentionedSql`). */
export type MessageRow = Omit<Selectable<MessagesTable>, 'mentions'> & { mentioned: Mention[] };

/** What a member knows about how far each side got in a conversation. */
export interface MessageViewer {
  userId: string;
  readSeq: number;
  contactDeliveredSeq: number;
  contactReadSeq: number;
}

export function viewerOf(member: MemberViewRow): MessageViewer {
  return {
    userId: member.user_id,
    readSeq: member.read_seq,
    contactDeliveredSeq: member.contact_delivered_seq,
    contactReadSeq: member.contact_read_seq,
  };
}

/** One presenter for REST answers and socket pushes alike. */
export function presentConversation(
  member: MemberViewRow,
  conversation: ConversationRow,
  contact: Person,
): Conversation {
  return {
    id: conversation.id,
    contactId: member.contact_id,
    contact,
    participants: conversation.participant_ids,
    lastMessage: conversation.last_message_content,
    lastMessageId: conversation.last_message_id,
    lastMessageSenderId: conversation.last_message_sender_id,
    timestamp: conversation.updated_at.toISOString(),
    unreadCount: member.unread_count,
    isPinned: member.is_pinned,
    isArchived: member.is_archived,
    isStarred: member.is_starred,
    contactDeliveredSeq: member.contact_delivered_seq,
    contactReadSeq: member.contact_read_seq,
    createdAt: conversation.created_at.toISOString(),
    updatedAt: conversation.updated_at.toISOString(),
    securityLevel: 'medium',
    version: member.version,
  };
}

function statusOf(row: MessageRow, viewer: MessageViewer): MessageStatus {
  if (row.sender_id !== viewer.userId) return row.seq <= viewer.readSeq ? 'read' : 'delivered';
  if (row.seq <= viewer.contactReadSeq) return 'read';
  return row.seq <= viewer.contactDeliveredSeq ? 'delivered' : 'sent';
}

/**
 * A message as `viewer` sees it: on their own messages `read` and `status` are how far the
 * contact got; on incoming ones `read` is the viewer's own read mark.
 */
export function presentMessage(row: MessageRow, viewer: MessageViewer): Message {
  const status = statusOf(row, viewer);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    timestamp: row.created_at.toISOString(),
    seq: row.seq,
    read: status === 'read',
    type: row.call ? 'call' : 'text',
    metadata: {},
    securityLevel: 'medium',
    status,
    linkPreview: presentLinkPreview(row.link_preview),
    mentions: row.mentioned,
    call: row.call,
  };
}
