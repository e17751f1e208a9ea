import type {
  ApiTokenList,
  CreateApiTokenRequest,
  CreatedApiToken,
} from '../../../shared/api-tokens';
import { api } from '../../state/api';

/** The member's personal access tokens (`server/domains/api-tokens/routes.ts`). */
export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiTokens: build.query<ApiTokenList, void>({
      query: () => 'me/api-tokens',
      providesTags: ['ApiTokens'],
    }),
    createApiToken: build.mutation<CreatedApiToken, CreateApiTokenRequest>({
      query: (body) => ({ url: 'me/api-tokens', method: 'POST', body }),
      invalidatesTags: ['ApiTokens'],
    }),
    revokeApiToken: build.mutation<void, string>({
      query: (id) => ({ url: `me/api-tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiTokens'],
    }),
  }),
});

export const { useGetApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } =
  apiTokensApi;
