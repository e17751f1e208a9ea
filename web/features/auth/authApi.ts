import { api } from '../../app/api';
import {
  sessionSummarySchema,
  signedInSessionSchema,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type SessionSummary,
  type SignedInSession,
  type SignInRequest,
  type SignUpRequest,
} from '../../../shared/auth/schemas';

interface MessageResponse {
  message: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionSummary, void>({
      query: () => 'auth/session',
      transformResponse: (raw: unknown) => sessionSummarySchema.parse(raw),
      providesTags: ['Session'],
    }),
    signIn: build.mutation<SignedInSession, SignInRequest>({
      query: (body) => ({ url: 'auth/sign-in', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInSessionSchema.parse(raw),
    }),
    signUp: build.mutation<SignedInSession, SignUpRequest>({
      query: (body) => ({ url: 'auth/sign-up', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInSessionSchema.parse(raw),
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
    }),
    requestPasswordReset: build.mutation<MessageResponse, PasswordResetRequest>({
      query: (body) => ({ url: 'auth/password-reset', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<MessageResponse, PasswordResetConfirm>({
      query: (body) => ({ url: 'auth/password-reset/confirm', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignUpMutation,
  useSignOutMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
} = authApi;
