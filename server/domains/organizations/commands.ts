import { organizationNotFound, type Organization } from '../../../shared/organizations';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { forbidden, notFound } from '../../core/errors';
import { streamVersion } from '../../core/reads';
import { organizationRead } from './organizations-read';
import { organizationStreamId } from './streams';

export const organizationMissing = () => notFound(organizationNotFound, 'organization-not-found');

/** Records a new organization, its images already stored; the creator owns it. */
export const createOrganization = defineCommand({
  name: 'organizations.create',
  load: () => ({}),
  decide(_state, { organization }: { organization: Organization }): Decision<Organization> {
    return {
      appends: [
        appendTo(organizationStreamId(organization.id), 0, [
          { type: 'OrganizationCreated', data: { organization } },
        ]),
      ],
      result: organization,
    };
  },
});

/** Only the owner deletes an organization. */
export const deleteOrganization = defineCommand({
  name: 'organizations.delete',
  load: ({ organizationId }: { organizationId: string; actorId: string }) => ({
    organization: organizationRead(organizationId),
    version: streamVersion(organizationStreamId(organizationId)),
  }),
  decide({ organization, version }, { actorId }): Decision<null> {
    if (!organization) throw organizationMissing();
    if (organization.ownerId !== actorId) {
      throw forbidden('not-owner', 'Only the owner can delete this organization.');
    }
    return {
      appends: [
        appendTo(organizationStreamId(organization.id), version, [
          {
            type: 'OrganizationDeleted',
            data: { organizationId: organization.id, ownerId: organization.ownerId },
          },
        ]),
      ],
      result: null,
    };
  },
});
