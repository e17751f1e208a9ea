import { z } from 'zod';
import { businessAccountFieldsSchema } from '../business/schemas';
import { organizationSchema } from '../organizations/schemas';

/** The whole business account as saved: images are the URLs of files already stored. */
const businessAccount = z.strictObject(businessAccountFieldsSchema.shape);

/**
 * The business account (`business-<memberId>`: each save carries the whole object, so replay
 * needs no merging) and organizations (`organization-<id>`).
 */
export const businessEvents = {
  BusinessAccountSaved: z.strictObject({
    userId: z.uuid(),
    account: businessAccount,
    savedAt: z.iso.datetime(),
  }),
  BusinessAccountDeleted: z.strictObject({ userId: z.uuid() }),
  OrganizationCreated: z.strictObject({
    organization: z.strictObject({ ...organizationSchema.shape, id: z.uuid(), ownerId: z.uuid() }),
  }),
  OrganizationDeleted: z.strictObject({ organizationId: z.uuid(), ownerId: z.uuid() }),
};
