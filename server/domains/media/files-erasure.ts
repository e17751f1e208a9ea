import { qb, statement, type Statement } from '../../db/statement';

/** A deleted member's files leave the read model; their bytes are removed after the commit. */
export function eraseMemberFiles(userId: string): Statement[] {
  return [statement(qb.deleteFrom('files').where('owner_id', '=', userId))];
}
