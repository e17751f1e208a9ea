import type { Kysely, Transaction } from 'kysely';
import type { BadgesTable } from './tables/badges';
import type { BlocksTable } from './tables/blocks';
import type { ConversationMembersTable } from './tables/conversation-members';
import type { ConversationsTable } from './tables/conversations';
import type { EmailOutboxTable } from './tables/email-outbox';
import type { EventsTable } from './tables/events';
import type { FriendRequestsTable } from './tables/friend-requests';
import type { FriendshipsTable } from './tables/friendships';
import type { LastSeenTable } from './tables/last-seen';
import type { MessagesTable } from './tables/messages';
import type { NotificationPreferencesTable } from './tables/notification-preferences';
import type { NotificationsTable } from './tables/notifications';
import type { PasswordResetTokensTable } from './tables/password-reset-tokens';
import type { SessionsTable } from './tables/sessions';
import type { SignInThrottleTable } from './tables/sign-in-throttle';
import type { SocketPresenceTable } from './tables/socket-presence';
import type { UsersTable } from './tables/users';

export interface Database {
  events: EventsTable;
  users: UsersTable;
  password_reset_tokens: PasswordResetTokensTable;
  badges: BadgesTable;
  sessions: SessionsTable;
  sign_in_throttle: SignInThrottleTable;
  email_outbox: EmailOutboxTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  socket_presence: SocketPresenceTable;
  last_seen: LastSeenTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
