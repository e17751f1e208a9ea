/** Texts of `001` §2, §4 and §8 for the business account, and the field rules' messages. */
export const businessMessages = {
  title: 'Business Account',
  loading: 'Loading business account...',
  loadFailed: 'Failed to load business data',
  saving: 'Saving...',
  saved: 'Business data saved successfully!',
  saveFailed: 'Failed to save business data. Please try again.',
  notSet: 'Not set',
  notCreated: 'Not created yet',
  nameRequired: 'Business name is required',
  deleteConfirm:
    'Delete your business account? Its details, hours and services are removed. This cannot be undone.',
  deleted: 'Business account deleted',
  notFound: 'You have no business account',
  changedElsewhere:
    'Your business account was changed elsewhere since you opened it. Reload it, then save again.',
  deleteFailed: 'Failed to delete the business account. Please try again.',
} as const;

export const businessFieldMessages = {
  foundedYear: (max: number) => `Founded year must be a whole number from 1800 to ${max}`,
  email: 'Enter a valid email address',
  url: 'A link must start with http:// or https://',
  phone: 'Enter a phone number of 5 to 30 digits, spaces and + - ( )',
  time: 'Use a time as HH:MM',
  closeAfterOpen: 'Closing time must be after opening time',
  industry: 'Choose an industry from the list',
  size: 'Choose a size from the list',
  blankEntry: 'An entry cannot be blank',
  tooMany: (max: number) => `At most ${max} entries`,
  version: 'The version must be a whole number, 0 or more',
  image: 'Logo and banner must be images',
  imageUnreadable: 'This image could not be read; choose a PNG, JPEG, GIF or WebP image',
} as const;
