/** An organization's life: created, then perhaps deleted. */
export const organizationStreamId = (organizationId: string) => `organization-${organizationId}`;
