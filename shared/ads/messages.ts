/** Texts of the ad layer; the spec's where it gives one (002 §8). */
export const adsMessages = {
  comingSoon: 'Subscription system coming soon! This will allow you to remove ads.',
  adNotFound: 'This ad does not exist',
  placementNotFound: 'This ad placement does not exist',
  nothingToChange: 'Nothing to change',
  networkLoadFailed: 'The ad network script failed to load',
  unitIdRequired: 'An ad unit id is needed to turn the ad network on',
  networkNotConfigured: 'The ad network is not configured on this server (ADSENSE_CLIENT_ID)',
  unknownAds: 'These ads do not exist',
  unknownPlacements: 'These ad placements do not exist',
  tooManyEvents: 'Too many ad events. Please slow down.',
} as const;
