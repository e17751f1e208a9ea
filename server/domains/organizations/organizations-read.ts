import { ORGANIZATIONS_LIST_MAX } from '../../../shared/business';
import type { Organization } from '../../../shared/organizations';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { presentOrganization } from './organization-presenter';

export function organizationRead(id: string): Read<Organization | undefined> {
  return mapRead(
    first(qb.selectFrom('organizations').selectAll().where('id', '=', id)),
    (row) => row && presentOrganization(row),
  );
}

export async function readOrganization(db: Db, id: string): Promise<Organization | undefined> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && presentOrganization(row);
}

/** The member's own organizations, newest first. */
export async function readMemberOrganizations(db: Db, ownerId: string): Promise<Organization[]> {
  const rows = await db
    .selectFrom('organizations')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(ORGANIZATIONS_LIST_MAX)
    .execute();
  return rows.map(presentOrganization);
}
