import type { Kysely, Transaction } from 'kysely';
import type { BadgesTable } from './tables/badges';
import type { EmailOutboxTable } from './tables/email-outbox';
import type { EventsTable } from './tables/events';
import type { PasswordResetTokensTable } from './tables/password-reset-tokens';
import type { SessionsTable } from './tables/sessions';
import type { SignInThrottleTable } from './tables/sign-in-throttle';
import type { UsersTable } from './tables/users';

export interface Database {
  events: EventsTable;
  users: UsersTable;
  password_reset_tokens: PasswordResetTokensTable;
  badges: BadgesTable;
  sessions: SessionsTable;
  sign_in_throttle: SignInThrottleTable;
  email_outbox: EmailOutboxTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
