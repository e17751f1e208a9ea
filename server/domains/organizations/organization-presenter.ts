import type { Selectable } from 'kysely';
import type { Organization } from '../../../shared/organizations';
import type { OrganizationsTable } from '../../db/tables/organizations';

/** One organization, as every answer gives it. */
export function presentOrganization(row: Selectable<OrganizationsTable>): Organization {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    website: row.website,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    industry: row.industry,
    size: row.size,
    foundedYear: row.founded_year,
    logo: row.logo,
    banner: row.banner,
    createdAt: row.created_at.toISOString(),
  };
}
