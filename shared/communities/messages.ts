/** Texts of `001` §2 and §8 for the create forms. */
export const communityMessages = {
  creating: 'Creating...',
  created: 'Community Created!',
  createdText: 'Your community has been successfully created and is now live.',
  createFailed: 'Failed to create community. Please try again.',
  nameRequired: 'Community name is required',
} as const;

export const organizationMessages = {
  creating: 'Creating...',
  created: 'Organization Created!',
  createFailed: 'Failed to create organization. Please try again.',
  nameRequired: 'Organization name is required',
} as const;
