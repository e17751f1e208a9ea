/**
 * Socket events of the ad layer. `ads:metrics` goes to owners (the `ops` room) with the whole
 * report; `ads:config` to every member when an owner changes an ad or a placement, with the
 * whole config, so an open page shows the change without a reload.
 */
export const ADS_SOCKET_EVENTS = {
  metrics: 'ads:metrics',
  config: 'ads:config',
} as const;
