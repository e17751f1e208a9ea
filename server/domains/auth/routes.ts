import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import {
  authErrorMessages,
  authSuccessMessages,
  validationMessages,
} from '../../../shared/auth/messages';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  roleSchema,
  sessionSummarySchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '../../../shared/auth/schemas';
import { twoFactorChallengeSchema } from '../../../shared/auth/security';
import { emailVerificationMessages, verifyEmailSchema } from '../../../shared/ops/email';
import { clientAddress } from '../../core/client-address';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import type { ErrorCoder } from '../../http/validation';
import {
  changeUserRole,
  confirmPasswordReset,
  requestPasswordResetCommand,
  setUserDisabled,
  signIn,
  signOut,
  signUpCommand,
  verifyEmail,
} from './commands';
import { authLimits } from './auth-limits';
import { dummyPasswordHash, hashPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { securityRoutes } from './security-routes';
import { presentSession } from './session-presenter';
import { signedInAnswer } from './signed-in-answer';

const STRENGTH_MESSAGES: string[] = [
  validationMessages.passwordTooShort,
  validationMessages.passwordComplexity,
];

/** Names the spec's error codes for the validation failures the error catalogue lists. */
const authCoder: ErrorCoder = (fields) => {
  if (fields.email === validationMessages.emailInvalid) {
    return { code: 'invalid-email', message: authErrorMessages['invalid-email'] };
  }
  if (fields.password && STRENGTH_MESSAGES.includes(fields.password)) {
    return { code: 'weak-password', message: authErrorMessages['weak-password'] };
  }
  return null;
};

const messageSchema = z.object({ message: z.string() });
const userParams = z.object({ id: idField() });
/** Moderators are appointed through moderation (`POST /moderation/moderators`), not here. */
const roleChangeSchema = z.strictObject({ role: roleSchema.exclude(['moderator']) });

export function authRoutes({ db, commands, config }: ModuleDeps) {
  const publicUrl = config.publicUrl;
  const limits = authLimits(db, config);
  // Made now, so that not even the first unknown address's sign-in takes longer for making it.
  void dummyPasswordHash();
  const signUp = signUpCommand(publicUrl);
  const requestPasswordReset = requestPasswordResetCommand(publicUrl);
  const adminToggle = (action: 'disable' | 'enable') =>
    defineRoute({
      method: 'post',
      path: `/admin/users/:id/${action}`,
      summary: action === 'disable' ? 'Disables an account' : 'Enables a disabled account',
      auth: 'owner',
      params: userParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          setUserDisabled,
          { actorId: memberIdOf(req), userId: params.id, disabled: action === 'disable' },
          contextOf(req),
        );
        res.status(204).end();
      },
    });
  /** An owner changes a role in their name; the test route acts for nobody (`actorId` null). */
  const roleRoute = (route: {
    path: string;
    summary: string;
    auth: 'owner' | 'public';
    testOnly?: boolean;
  }) =>
    defineRoute({
      method: 'post',
      ...route,
      params: userParams,
      body: roleChangeSchema,
      responses: { 204: null },
      errors: [404],
      async handler({ params, body }, req, res) {
        const actorId = route.testOnly ? null : memberIdOf(req);
        await commands.run(
          changeUserRole,
          { actorId, userId: params.id, role: body.role },
          contextOf(req),
        );
        res.status(204).end();
      },
    });
  return [
    defineRoute({
      method: 'get',
      path: '/auth/session',
      summary: 'The signed-in member, or `isAuthenticated: false`',
      auth: 'public',
      responses: { 200: sessionSummarySchema },
      async handler(_input, req, res) {
        res.json(req.session ? presentSession(req.session) : { isAuthenticated: false });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/sign-up',
      summary: 'Creates an account and signs it in; the first account is the owner',
      auth: 'public',
      body: signUpRequestSchema,
      coder: authCoder,
      responses: { 201: sessionSummarySchema },
      errors: [409, 429],
      async handler({ body }, req, res) {
        await limits.signUpsPerClient.take(clientAddress(req));
        const passwordHash = await hashPassword(body.password);
        const { session } = await commands.run(
          signUp,
          { username: body.username, email: body.email, passwordHash },
          contextOf(req),
        );
        setSessionCookie(req, res, session, publicUrl);
        res.status(201).json(await signedInAnswer(db, session, config.PASSWORD_MAX_AGE_DAYS));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/sign-in',
      summary:
        "Signs in with email and password; five failures in 15 minutes lock the address for that client, 50 in a day for every client but the member's own",
      auth: 'public',
      body: signInRequestSchema,
      coder: authCoder,
      description:
        'A member with two-factor sign-in gets `{ twoFactorRequired, challengeId }` and no session; `POST /auth/sign-in/two-factor` completes it.',
      responses: { 200: z.union([sessionSummarySchema, twoFactorChallengeSchema]) },
      errors: [401, 403, 404, 429],
      async handler({ body }, req, res) {
        const result = await commands.run(
          signIn,
          { ...body, client: clientAddress(req) },
          contextOf(req),
        );
        if ('twoFactorRequired' in result) {
          res.json(result);
          return;
        }
        setSessionCookie(req, res, result, publicUrl);
        res.json(await signedInAnswer(db, result, config.PASSWORD_MAX_AGE_DAYS));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/sign-out',
      // Ends a browser's session; a token is ended by revoking it.
      scope: 'session',
      summary: "Ends the caller's session",
      auth: 'public',
      responses: { 204: null },
      async handler(_input, req, res) {
        if (req.session) {
          await commands.run(
            signOut,
            { sessionId: req.session.id, userId: req.session.userId },
            contextOf(req),
          );
        }
        clearSessionCookie(req, res, publicUrl);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/password-reset',
      summary: 'Emails a single-use password reset link (valid for an hour)',
      auth: 'public',
      body: passwordResetRequestSchema,
      coder: authCoder,
      responses: { 200: messageSchema },
      errors: [404, 429],
      async handler({ body }, req, res) {
        // The client first: a client over its limit does not use up the address's.
        await limits.resetsPerClient.take(clientAddress(req));
        await limits.resetsPerAddress.take(body.email.toLowerCase());
        await commands.run(requestPasswordReset, { email: body.email }, contextOf(req));
        res.json({ message: authSuccessMessages.resetSent });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/password-reset/confirm',
      summary: "Sets a new password through a reset link and ends the member's sessions",
      auth: 'public',
      body: passwordResetConfirmSchema,
      coder: authCoder,
      responses: { 200: messageSchema },
      async handler({ body }, req, res) {
        const passwordHash = await hashPassword(body.password);
        await commands.run(
          confirmPasswordReset,
          { token: body.token, passwordHash },
          contextOf(req),
        );
        res.json({ message: authSuccessMessages.passwordChanged });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/verify-email',
      summary: "Confirms the member's email address through the emailed link",
      auth: 'public',
      body: verifyEmailSchema,
      responses: { 200: messageSchema },
      async handler({ body }, req, res) {
        await commands.run(verifyEmail, { token: body.token }, contextOf(req));
        res.json({ message: emailVerificationMessages.verified });
      },
    }),
    adminToggle('disable'),
    adminToggle('enable'),
    ...securityRoutes({ db, commands, config }, limits),
    roleRoute({
      path: '/admin/users/:id/role',
      summary: 'Makes a member an owner, or an owner a member',
      auth: 'owner',
    }),
    roleRoute({
      path: '/test/users/:id/role',
      summary:
        "Sets a member's role (tests only: they share one database, so they cannot count on being its first account)",
      auth: 'public',
      testOnly: true,
    }),
  ];
}
