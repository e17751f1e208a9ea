import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * An erased member's organizations keep their ids, owner and dates in the log (the replay still
 * creates and then removes them) and lose every detail and image.
 */
export function organizationsRedactionStatements(userId: string, erasedText: string): Statement[] {
  const erased = {
    name: erasedText,
    description: '',
    website: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    country: '',
    logo: '',
    banner: '',
  };
  return [
    statement(sql`update events
      set data = jsonb_set(data, '{organization}', (data -> 'organization') || ${JSON.stringify(erased)}::jsonb)
      where type = 'OrganizationCreated'
        and data -> 'organization' ->> 'ownerId' = ${userId}::uuid::text`),
  ];
}
