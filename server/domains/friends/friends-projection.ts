import type { Projection } from '../../eventstore/projection';

export const friendsProjection: Projection = {
  name: 'friends',
  tables: [],
  handles: [],
  apply: async () => undefined,
};
