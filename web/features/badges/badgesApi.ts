import { api } from '../../state/api';
import { badgesSchema, type Badges } from '../../../shared/badges';

export const badgesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBadges: build.query<Badges, void>({
      query: () => 'me/badges',
      transformResponse: (raw: unknown) => badgesSchema.parse(raw),
      providesTags: ['Badges'],
    }),
  }),
});
