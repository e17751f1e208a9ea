import { api } from '../../state/api';
import type { DeleteAccountInput } from '../../../shared/account';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<void, DeleteAccountInput>({
      query: (body) => ({ url: 'me/delete', method: 'POST', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = accountApi;
