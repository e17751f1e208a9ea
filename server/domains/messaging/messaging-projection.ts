import type { Projection } from '../../eventstore/projection';

export const messagingProjection: Projection = {
  name: 'messaging',
  tables: [],
  handles: [],
  apply: async () => undefined,
};
