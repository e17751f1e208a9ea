import {
  emailChangeAnswerSchema,
  emailChangeSchema,
  memberSettingsSchema,
  memberSettingsUpdateSchema,
} from '../../../shared/profiles';
import { verifyEmailSchema } from '../../../shared/ops/email';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { confirmEmailChange, requestEmailChangeCommand } from './email-change';
import { changeMemberSettings } from './settings-command';
import { readMemberSettings } from './settings-read';

export function settingsRoutes({ db, commands, config }: ModuleDeps) {
  const requestEmailChange = requestEmailChangeCommand(config.publicUrl);
  return [
    defineRoute({
      method: 'get',
      path: '/me/settings',
      summary: "The member's notification and appearance settings, with their version",
      auth: 'member',
      responses: { 200: memberSettingsSchema },
      async handler(_input, req, res) {
        res.json(await readMemberSettings(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/me/settings',
      summary: "Changes some of the member's settings; every tab of theirs hears the new value",
      auth: 'member',
      body: memberSettingsUpdateSchema,
      responses: { 200: memberSettingsSchema },
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        res.json(
          await commands.run(changeMemberSettings, { userId, update: body }, contextOf(req)),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/email',
      // Moving the account's address is how a reset link would reach someone else.
      scope: 'session',
      summary: 'Sends a confirmation link to a new address; the account moves when it is followed',
      auth: 'member',
      body: emailChangeSchema,
      responses: { 200: emailChangeAnswerSchema },
      errors: [409],
      async handler({ body }, req, res) {
        const input = { userId: memberIdOf(req), ...body };
        res.json(await commands.run(requestEmailChange, input, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/email/confirm',
      summary: "Moves the account to the new address through the emailed link's token",
      auth: 'public',
      body: verifyEmailSchema,
      responses: { 200: emailChangeAnswerSchema },
      errors: [409],
      async handler({ body }, req, res) {
        res.json(await commands.run(confirmEmailChange, { token: body.token }, contextOf(req)));
      },
    }),
  ];
}
