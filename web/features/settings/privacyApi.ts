import { z } from 'zod';
import { privacySchema, type Privacy } from '../../../shared/social';
import { api } from '../../state/api';

const privacyAnswerSchema = z.object({ privacy: privacySchema });

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Both settings pages read and write this one stored value. */
    getPrivacy: build.query<Privacy, void>({
      query: () => 'me/privacy',
      transformResponse: (raw: unknown) => privacyAnswerSchema.parse(raw).privacy,
    }),
    updatePrivacy: build.mutation<Privacy, Privacy>({
      query: (privacy) => ({ url: 'me/privacy', method: 'PUT', body: { privacy } }),
      transformResponse: (raw: unknown) => privacyAnswerSchema.parse(raw).privacy,
      async onQueryStarted(_privacy, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(privacyApi.util.upsertQueryData('getPrivacy', undefined, data));
      },
    }),
  }),
});

export const { useGetPrivacyQuery, useUpdatePrivacyMutation } = privacyApi;
