/** Texts of the ad layer; the spec's where it gives one (002 §8). */
export const adsMessages = {
  comingSoon: 'Subscription system coming soon! This will allow you to remove ads.',
  adNotFound: 'This ad does not exist',
  placementNotFound: 'This ad placement does not exist',
  nothingToChange: 'Nothing to change',
  networkLoadFailed: 'The ad network script failed to load',
} as const;
