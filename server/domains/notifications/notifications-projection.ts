import type { Projection } from '../../eventstore/projection';

export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: [],
  handles: [],
  apply: async () => undefined,
};
