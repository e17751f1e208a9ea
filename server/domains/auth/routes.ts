import { Router } from 'express';
import {
  authErrorMessages,
  authSuccessMessages,
  validationMessages,
} from '../../../shared/auth/messages';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signInRequestSchema,
  roleSchema,
  signUpRequestSchema,
} from '../../../shared/auth/schemas';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import { route } from '../../http/route';
import { emailVerificationMessages, verifyEmailSchema } from '../../../shared/ops/email';
import { verifyEmail } from './email-verification';
import type { ErrorCoder } from '../../http/validation';
import {
  changeUserRole,
  confirmPasswordReset,
  requestPasswordReset,
  setUserDisabled,
  signIn,
  signOut,
  signUp,
} from './commands';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { requireRole, sessionOf } from './session-middleware';
import { presentSession } from './session-presenter';
import { findActiveSession } from './sessions';

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

export function authRoutes(deps: { db: Db; publicUrl: string }): Router {
  const router = Router();
  const ctx = (requestId: unknown) => ({ db: deps.db, requestId: String(requestId) });

  router.get(
    '/auth/session',
    route({}, async (_input, req, res) => {
      res.json(req.session ? presentSession(req.session) : { isAuthenticated: false });
    }),
  );

  router.post(
    '/auth/sign-up',
    route({ body: signUpRequestSchema, coder: authCoder }, async ({ body }, req, res) => {
      const { session } = await signUp({ ...ctx(req.id), publicUrl: deps.publicUrl }, body);
      setSessionCookie(req, res, session, deps.publicUrl);
      const active = await findActiveSession(deps.db, session.token);
      res.status(201).json(active ? presentSession(active) : { isAuthenticated: false });
    }),
  );

  router.post(
    '/auth/sign-in',
    route({ body: signInRequestSchema, coder: authCoder }, async ({ body }, req, res) => {
      const session = await signIn(ctx(req.id), body);
      setSessionCookie(req, res, session, deps.publicUrl);
      const active = await findActiveSession(deps.db, session.token);
      res.json(active ? presentSession(active) : { isAuthenticated: false });
    }),
  );

  router.post(
    '/auth/sign-out',
    route({}, async (_input, req, res) => {
      if (req.session) await signOut(ctx(req.id), req.session);
      clearSessionCookie(req, res, deps.publicUrl);
      res.status(204).end();
    }),
  );

  router.post(
    '/auth/password-reset',
    route({ body: passwordResetRequestSchema, coder: authCoder }, async ({ body }, req, res) => {
      await requestPasswordReset({ ...ctx(req.id), publicUrl: deps.publicUrl }, body.email);
      res.json({ message: authSuccessMessages.resetSent });
    }),
  );

  router.post(
    '/auth/password-reset/confirm',
    route({ body: passwordResetConfirmSchema, coder: authCoder }, async ({ body }, req, res) => {
      await confirmPasswordReset(ctx(req.id), body);
      res.json({ message: authSuccessMessages.passwordChanged });
    }),
  );

  router.post(
    '/auth/verify-email',
    route({ body: verifyEmailSchema }, async ({ body }, req, res) => {
      await verifyEmail(ctx(req.id), body.token);
      res.json({ message: emailVerificationMessages.verified });
    }),
  );

  const userParams = z.object({ id: z.uuid() });
  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    router.post(
      `/admin/users/:id/${action}`,
      requireRole('owner'),
      route({ params: userParams }, async ({ params }, req, res) => {
        await setUserDisabled(ctx(req.id), sessionOf(req).userId, params.id, disabled);
        res.status(204).end();
      }),
    );
  }

  router.post(
    '/admin/users/:id/role',
    requireRole('owner'),
    route({ params: userParams, body: roleChangeSchema }, async ({ params, body }, req, res) => {
      await changeUserRole(ctx(req.id), sessionOf(req).userId, params.id, body.role);
      res.status(204).end();
    }),
  );

  return router;
}

const roleChangeSchema = z.strictObject({ role: roleSchema });

/**
 * Mounted only with ENABLE_TEST_ROUTES: end-to-end tests and benchmarks share one database, so
 * they cannot rely on being its first account, the owner.
 */
export function authTestRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.post(
    '/test/users/:id/role',
    route(
      { params: z.object({ id: z.uuid() }), body: roleChangeSchema },
      async ({ params, body }, req, res) => {
        await changeUserRole(
          { db: deps.db, requestId: String(req.id) },
          null,
          params.id,
          body.role,
        );
        res.status(204).end();
      },
    ),
  );
  return router;
}
