import { api } from '../../state/api';
import { parseLazily } from '../../lib/lazyParse';
import { unsubscribeBrowser } from '../push';
import type {
  PasswordResetConfirm,
  PasswordResetRequest,
  SessionSummary,
  SignedInSession,
  SignInRequest,
  SignUpRequest,
} from '../../../shared/auth/schemas';
import type { TwoFactorChallenge, TwoFactorSignInRequest } from '../../../shared/auth/security';
import { parseSessionSummary } from './sessionSummary';

const schemas = () => import('../../../shared/auth/schemas');
const parseSignedInSession = parseLazily(async () => (await schemas()).signedInSessionSchema);
/** A session, or the second step's challenge for a member with two-factor sign-in. */
const parseSignInAnswer = parseLazily(async () => {
  const [{ signedInSessionSchema }, { twoFactorChallengeSchema }] = await Promise.all([
    schemas(),
    import('../../../shared/auth/security'),
  ]);
  return signedInSessionSchema.or(twoFactorChallengeSchema);
});

interface MessageResponse {
  message: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionSummary, void>({
      query: () => 'auth/session',
      transformResponse: parseSessionSummary,
      providesTags: ['Session'],
    }),
    signIn: build.mutation<SignedInSession | TwoFactorChallenge, SignInRequest>({
      query: (body) => ({ url: 'auth/sign-in', method: 'POST', body }),
      transformResponse: parseSignInAnswer,
    }),
    /** The second step of a sign-in with two-factor: the challenge and a code. */
    signInWithTwoFactor: build.mutation<SignedInSession, TwoFactorSignInRequest>({
      query: (body) => ({ url: 'auth/sign-in/two-factor', method: 'POST', body }),
      transformResponse: parseSignedInSession,
    }),
    signUp: build.mutation<SignedInSession, SignUpRequest>({
      query: (body) => ({ url: 'auth/sign-up', method: 'POST', body }),
      transformResponse: parseSignedInSession,
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
      // A browser signed out shows nobody's notifications: its push service forgets it, and the
      // next push to it, answered 410, removes it from the member's list.
      async onQueryStarted(_arg, { queryFulfilled }) {
        await queryFulfilled.then(() => unsubscribeBrowser()).catch(() => undefined);
      },
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
  useSignInWithTwoFactorMutation,
  useSignUpMutation,
  useSignOutMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
} = authApi;
