import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/** `organizations`: created whole, deleted by the owner, gone with the owner's account. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  tables: ['organizations'],
  handles: ['OrganizationCreated', 'OrganizationDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'OrganizationCreated': {
        const o = event.data.organization;
        return [
          statement(
            qb.insertInto('organizations').values({
              id: o.id,
              owner_id: o.ownerId,
              name: o.name,
              description: o.description,
              website: o.website,
              email: o.email,
              phone: o.phone,
              address: o.address,
              city: o.city,
              state: o.state,
              zip_code: o.zipCode,
              country: o.country,
              industry: o.industry,
              size: o.size,
              founded_year: o.foundedYear,
              logo: o.logo,
              banner: o.banner,
              created_at: new Date(o.createdAt),
            }),
          ),
        ];
      }
      case 'OrganizationDeleted':
        return [
          statement(qb.deleteFrom('organizations').where('id', '=', event.data.organizationId)),
        ];
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('organizations').where('owner_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
