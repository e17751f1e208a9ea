import { sql } from 'kysely';
import { authErrorMessages } from '../../../shared/auth/messages';
import { EMAIL_VERIFICATION_TTL_MS, emailVerificationMessages } from '../../../shared/ops/email';
import { profileMessages } from '../../../shared/profiles';
import { appendTo, defineCommand } from '../../core/command';
import { DomainError, invalid, invalidField, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, mapRead, streamVersion, streamVersionSql, type Read } from '../../core/reads';
import { qb } from '../../db/statement';
import { issueLinkToken } from '../auth/link-tokens';
import { verifyPassword } from '../auth/passwords';
import { userStreamId, userStreamIdSql } from '../auth/streams';
import { hashToken } from '../auth/tokens';
import { queueEmail, templateRead } from '../email/outbox';
import { emailVerificationTemplate } from '../email/templates';

/** The page the link opens; it confirms the change with the token. */
export const EMAIL_CHANGE_PATH = '/confirm-email';

const emailInUse = () =>
  new DomainError('conflict', 'email-already-in-use', authErrorMessages['email-already-in-use'], {
    email: authErrorMessages['email-already-in-use'],
  });

/**
 * At commit, under the lock sign-up takes: no other member has the address, so a sign-up or
 * another change racing for it cannot both win.
 */
function addressStillFree(email: string, userId: string) {
  return [
    lock('registration'),
    refuseUnless(
      sql<boolean>`not exists (select 1 from users
        where lower(email) = ${email.toLowerCase()} and id <> ${userId})`,
      emailInUse(),
    ),
  ];
}

export interface EmailChangeInput {
  userId: string;
  email: string;
  password: string;
}

/**
 * Asks to move the member's account to a new address: the current password proves it is them,
 * the 'Email Verification' email goes to the new address, and the old one stays until its link
 * is followed. A newer request voids the older links.
 */
export function requestEmailChangeCommand(publicUrl: string) {
  return defineCommand({
    name: 'settings.requestEmailChange',
    load: ({ userId, email }: EmailChangeInput) => ({
      user: first(
        qb.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId),
      ),
      taken: first(
        qb
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(email)`, '=', email.toLowerCase())
          .where('id', '<>', userId),
      ),
      template: templateRead(emailVerificationTemplate.name),
      version: streamVersion(userStreamId(userId)),
    }),
    async decide({ user, taken, template, version }, { userId, email, password }) {
      if (!user) throw notFound(profileMessages.userNotFound);
      if (user.email.toLowerCase() === email.toLowerCase()) {
        throw invalidField('email', 'email-unchanged', profileMessages.emailUnchanged);
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        throw invalidField('password', 'wrong-password', authErrorMessages['wrong-password']);
      }
      if (taken) throw emailInUse();
      const link = issueLinkToken(publicUrl, EMAIL_CHANGE_PATH, EMAIL_VERIFICATION_TTL_MS);
      return {
        guards: addressStillFree(email, userId),
        appends: [
          appendTo(userStreamId(userId), version, [
            { type: 'EmailChangeRequested', data: { userId, newEmail: email, ...link.issued } },
          ]),
        ],
        effects: queueEmail(template, email, { verificationUrl: link.url, email }, 'high'),
        result: { message: profileMessages.emailChangeSent },
      };
    },
  });
}

interface OpenEmailChange {
  tokenId: string;
  userId: string;
  newEmail: string;
  version: number;
}

/** The link's request if it is open (unused, unexpired), with its member's stream version. */
function openEmailChangeRead(token: string): Read<OpenEmailChange | null> {
  return mapRead(
    first(
      qb
        .selectFrom('email_change_tokens')
        .select([
          'id',
          'user_id',
          'new_email',
          streamVersionSql(userStreamIdSql(sql.ref('user_id'))).as('version'),
        ])
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`),
    ),
    (row) =>
      row
        ? { tokenId: row.id, userId: row.user_id, newEmail: row.new_email, version: row.version }
        : null,
  );
}

/**
 * Follows the emailed link: the account takes the new address, verified by the following itself.
 * Two uses of one link race on the member's stream; the loser reads again and finds it used.
 */
export const confirmEmailChange = defineCommand({
  name: 'settings.confirmEmailChange',
  load: ({ token }: { token: string }) => ({ change: openEmailChangeRead(token) }),
  decide({ change }) {
    if (!change) throw invalid('invalid-verification-token', emailVerificationMessages.invalid);
    const { userId, tokenId, newEmail, version } = change;
    return {
      guards: addressStillFree(newEmail, userId),
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'EmailChanged', data: { userId, email: newEmail, tokenId } },
        ]),
      ],
      result: { message: profileMessages.emailChanged },
    };
  },
});
