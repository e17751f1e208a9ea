import { api } from '../../state/api';
import type {
  ChangePasswordRequest,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/auth/security';

/** The password change and two-factor endpoints (`server/domains/auth/security-routes.ts`). */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ message: string }, ChangePasswordRequest>({
      query: (body) => ({ url: 'me/password', method: 'POST', body }),
    }),
    /** An owner sends a member to /password-rotation until they choose a new password. */
    requirePasswordRotation: build.mutation<void, string>({
      query: (userId) => ({
        url: `admin/users/${userId}/require-password-rotation`,
        method: 'POST',
      }),
    }),
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => 'me/two-factor',
      providesTags: ['TwoFactor'],
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetup, { password: string }>({
      query: (body) => ({ url: 'me/two-factor/setup', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    enableTwoFactor: build.mutation<TwoFactorEnabled, { code: string }>({
      query: (body) => ({ url: 'me/two-factor/enable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<void, { password: string; code: string }>({
      query: (body) => ({ url: 'me/two-factor/disable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useGetTwoFactorQuery,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRequirePasswordRotationMutation,
} = securityApi;
