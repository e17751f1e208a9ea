import { qb, statement, type Statement } from '../../db/statement';

/** A deleted member's account row and their reset and verification links. */
export function eraseMemberAccount(userId: string): Statement[] {
  return [
    statement(qb.deleteFrom('password_reset_tokens').where('user_id', '=', userId)),
    statement(qb.deleteFrom('email_verification_tokens').where('user_id', '=', userId)),
    statement(qb.deleteFrom('users').where('id', '=', userId)),
  ];
}
