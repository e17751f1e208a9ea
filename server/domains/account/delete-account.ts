import { sql } from 'kysely';
import { DELETE_CONFIRMATION, accountMessages } from '../../../shared/account';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, rows, streamVersion } from '../../core/reads';
import { qb, statement, type Statement } from '../../db/statement';
import { userStreamId } from '../auth/streams';
import { verifyPassword } from '../auth/passwords';
import { redactionStatements } from './redaction';

export interface DeleteAccountCommandInput {
  userId: string;
  password: string;
  confirmation: string;
}

interface ErasedUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  /** Addresses they asked to move to: the confirmation links went there. */
  pendingEmails: readonly string[];
}

/**
 * Operational rows that hold the member or their address: sessions (their sockets close when the
 * relay sees `AccountDeleted`) and two-factor sign-ins under way, presence, the sign-in throttles of their address, mail to or
 * about them, their log lines; and the record that they were erased, which outlives every restore.
 */
function operationalErasure(user: ErasedUser, at: Date): Statement[] {
  const userId = user.id;
  const address = user.email.toLowerCase();
  const addresses = [address, ...user.pendingEmails.map((email) => email.toLowerCase())];
  // Emails to others about the member (a friend request, a like) name them, by a variable equal
  // to their name or a link to their profile: they go too, sent or not, with the copies the
  // capture transport kept (same id), so the name is not left readable there. Another member's
  // email naming someone of the same display name goes with them: an outbox row is a record of
  // sending, not the recipient's mail.
  const mailOfMember = sql<boolean>`(lower(o.recipient) = any(${addresses}::text[])
    or o.data::text like ${`%/profile/${userId}%`}
    or exists (select 1 from jsonb_each_text(o.data) v
               where v.value in (${user.username}, ${user.displayName})))`;
  return [
    statement(qb.deleteFrom('sessions').where('user_id', '=', userId)),
    statement(qb.deleteFrom('two_factor_challenges').where('user_id', '=', userId)),
    statement(qb.deleteFrom('two_factor_used_steps').where('user_id', '=', userId)),
    statement(qb.deleteFrom('socket_presence').where('user_id', '=', userId)),
    statement(qb.deleteFrom('last_seen').where('user_id', '=', userId)),
    statement(qb.deleteFrom('sign_in_throttle').where(sql`lower(email)`, '=', address)),
    statement(qb.deleteFrom('sign_in_address_throttle').where(sql`lower(email)`, '=', address)),
    statement(sql`delete from email_captured
      where lower(recipient) = any(${addresses}::text[])
         or id in (select o.id from email_outbox o where ${mailOfMember})`),
    statement(sql`delete from email_outbox o where ${mailOfMember}`),
    statement(qb.deleteFrom('log_entries').where('user_id', '=', userId)),
    statement(
      qb
        .insertInto('erased_members')
        .values({ user_id: userId, erased_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing()),
    ),
  ];
}

/**
 * The deployment keeps an owner: an owner's deletion needs another active owner at commit. The
 * lock makes two owners deleting at once decide one after the other.
 */
function anotherOwnerRemains(userId: string): Statement[] {
  return [
    lock('account:owners'),
    refuseUnless(
      sql<boolean>`exists (select 1 from users
        where role = 'owner' and status = 'active' and id <> ${userId}::uuid)`,
      conflict('last-owner', accountMessages.lastOwner),
    ),
  ];
}

/**
 * Deletes the member's account in one transaction: `AccountDeleted` on their stream, which every
 * projection answers by dropping what was theirs (so a rebuild does the same), the redaction of
 * their personal data in the log, and the operational rows. Refused without the right password
 * and the typed confirmation, with nothing changed.
 */
export const deleteAccount = defineCommand({
  name: 'account.delete',
  load: ({ userId }: DeleteAccountCommandInput) => ({
    user: first(
      qb
        .selectFrom('users')
        .select(['id', 'email', 'username', 'display_name as displayName', 'role', 'password_hash'])
        .where('id', '=', userId),
    ),
    files: rows(
      qb.selectFrom('files').select(['key', 'poster_key']).where('owner_id', '=', userId),
    ),
    pendingEmails: rows(
      qb.selectFrom('email_change_tokens').select('new_email').where('user_id', '=', userId),
    ),
    version: streamVersion(userStreamId(userId)),
  }),
  async decide({ user, files, pendingEmails, version }, input) {
    if (input.confirmation !== DELETE_CONFIRMATION) {
      throw invalidField(
        'confirmation',
        'confirmation-mismatch',
        accountMessages.confirmationMismatch,
      );
    }
    if (!user) throw notFound('User not found');
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw forbidden('wrong-password', accountMessages.wrongPassword);
    }
    return {
      guards: user.role === 'owner' ? anotherOwnerRemains(user.id) : [],
      appends: [
        appendTo(userStreamId(user.id), version, [
          { type: 'AccountDeleted', data: { userId: user.id } },
        ]),
      ],
      effects: [
        ...redactionStatements(user.id),
        ...operationalErasure(
          { ...user, pendingEmails: pendingEmails.map((row) => row.new_email) },
          new Date(),
        ),
      ],
      // The stored objects, removed from storage once the deletion has committed.
      result: {
        fileKeys: files.flatMap((f) => (f.poster_key ? [f.key, f.poster_key] : [f.key])),
      },
    };
  },
});
