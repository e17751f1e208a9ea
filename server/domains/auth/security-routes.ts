import { toDataURL } from 'qrcode';
import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import { sessionSummarySchema } from '../../../shared/auth/schemas';
import {
  changePasswordSchema,
  passwordChangedSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnabledSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from '../../../shared/auth/security';
import { passwordChangeMessages } from '../../../shared/auth/security-messages';
import { clientAddress } from '../../core/client-address';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf, sessionOf } from '../../http/signed-in';
import type { authLimits } from './auth-limits';
import { changePassword, requirePasswordRotation } from './password-commands';
import { SecretBox } from './secret-box';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { signedInAnswer } from './signed-in-answer';
import { newTotpSecret, otpauthUri } from './totp';
import { twoFactorCommands } from './two-factor-commands';

const userParams = z.object({ id: idField() });

/** Password change and rotation, and two-factor sign-in (issue #13, 001 §2, §4, §5). */
export function securityRoutes(
  { db, commands, config }: Pick<ModuleDeps, 'db' | 'commands' | 'config'>,
  limits: ReturnType<typeof authLimits>,
) {
  const box = new SecretBox(db);
  const twoFactor = twoFactorCommands(box);
  const publicUrl = config.publicUrl;
  return [
    defineRoute({
      method: 'post',
      path: '/me/password',
      scope: 'session',
      summary:
        "Changes the caller's password; every session of theirs ends and their sockets close",
      description:
        'The new password must meet the rules of 001 §5 (`shared/auth/password-rules.ts`) and differ from the current one. Open while a rotation is required.',
      tag: 'security',
      auth: 'member',
      openDuringPasswordRotation: true,
      body: changePasswordSchema,
      responses: { 200: passwordChangedSchema },
      errors: [429],
      async handler({ body }, req, res) {
        await limits.passwordChecksPerMember.take(memberIdOf(req));
        await commands.run(changePassword, { userId: memberIdOf(req), ...body }, contextOf(req));
        clearSessionCookie(req, res, publicUrl);
        res.json({ message: passwordChangeMessages.success });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/admin/users/:id/require-password-rotation',
      summary: 'Requires a member to choose a new password before anything else',
      tag: 'admin',
      auth: 'owner',
      params: userParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          requirePasswordRotation,
          { actorId: memberIdOf(req), userId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/me/two-factor',
      scope: 'session',
      summary: "Whether the caller's two-factor sign-in is on, and recovery codes left",
      tag: 'security',
      auth: 'member',
      responses: { 200: twoFactorStatusSchema },
      async handler(_input, req, res) {
        const userId = memberIdOf(req);
        const [row, left] = await Promise.all([
          db
            .selectFrom('two_factor')
            .select(['enabled_at', 'pending_secret'])
            .where('user_id', '=', userId)
            .executeTakeFirst(),
          db
            .selectFrom('two_factor_recovery_codes')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .executeTakeFirstOrThrow(),
        ]);
        res.json({
          enabled: Boolean(row?.enabled_at),
          pending: Boolean(row?.pending_secret),
          recoveryCodesRemaining: Number(left.count),
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/two-factor/setup',
      scope: 'session',
      summary: 'Starts two-factor setup: a new secret, pending until a code confirms it',
      tag: 'security',
      auth: 'member',
      body: twoFactorSetupRequestSchema,
      responses: { 200: twoFactorSetupSchema },
      errors: [409, 429],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        await limits.passwordChecksPerMember.take(session.userId);
        const secret = newTotpSecret();
        await commands.run(
          twoFactor.setUp,
          { userId: session.userId, password: body.password, sealedSecret: await box.seal(secret) },
          contextOf(req),
        );
        const uri = otpauthUri(secret, session.user.email);
        res.json({
          secret,
          otpauthUri: uri,
          qrDataUrl: await toDataURL(uri, { margin: 1, width: 220 }),
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/two-factor/enable',
      scope: 'session',
      summary: 'Confirms the pending secret with a code; answers ten recovery codes, once',
      tag: 'security',
      auth: 'member',
      body: twoFactorEnableRequestSchema,
      responses: { 200: twoFactorEnabledSchema },
      errors: [409],
      async handler({ body }, req, res) {
        const enabled = await commands.run(
          twoFactor.enable,
          { userId: memberIdOf(req), code: body.code },
          contextOf(req),
        );
        res.json(enabled);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/two-factor/disable',
      scope: 'session',
      summary: 'Turns two-factor sign-in off (password and a current code)',
      tag: 'security',
      auth: 'member',
      body: twoFactorDisableRequestSchema,
      responses: { 204: null },
      errors: [429],
      async handler({ body }, req, res) {
        await limits.passwordChecksPerMember.take(memberIdOf(req));
        await commands.run(twoFactor.disable, { userId: memberIdOf(req), ...body }, contextOf(req));
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/two-factor',
      summary: 'Completes a two-factor sign-in with a code or an unused recovery code',
      description:
        'A challenge lasts five minutes and takes five wrong codes; codes are also limited per client per hour.',
      tag: 'auth',
      auth: 'public',
      body: twoFactorSignInSchema,
      responses: { 200: sessionSummarySchema },
      errors: [403, 429],
      async handler({ body }, req, res) {
        await limits.twoFactorPerClient.take(clientAddress(req));
        const session = await commands.run(twoFactor.completeSignIn, body, contextOf(req));
        setSessionCookie(req, res, session, publicUrl);
        res.json(await signedInAnswer(db, session, config.PASSWORD_MAX_AGE_DAYS));
      },
    }),
  ];
}
