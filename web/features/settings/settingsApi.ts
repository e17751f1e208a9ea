import { emailChangeAnswerSchema, type EmailChange } from '../../../shared/profiles';
import { api } from '../../state/api';

/** The email change: a link to the new address, then the account moves when it is followed. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestEmailChange: build.mutation<string, EmailChange>({
      query: (change) => ({ url: 'me/email', method: 'POST', body: change }),
      transformResponse: (raw: unknown) => emailChangeAnswerSchema.parse(raw).message,
    }),
    confirmEmailChange: build.mutation<string, { token: string }>({
      query: (body) => ({ url: 'me/email/confirm', method: 'POST', body }),
      transformResponse: (raw: unknown) => emailChangeAnswerSchema.parse(raw).message,
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useRequestEmailChangeMutation, useConfirmEmailChangeMutation } = settingsApi;
