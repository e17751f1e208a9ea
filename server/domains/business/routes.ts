import { create as contentDisposition } from 'content-disposition';
import {
  businessAccountSchema,
  businessAccountUpdateSchema,
  businessReportSchema,
} from '../../../shared/business';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { resolveBusinessImages } from './business-images';
import { readBusinessAccount, readBusinessReport } from './business-read';
import {
  businessAccountNotFound,
  deleteBusinessAccount,
  requireAccountVersion,
  saveBusinessAccount,
} from './commands';

export function businessRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/business-account',
      summary: "The member's business account",
      description:
        'Missing business hours, services, social links and certifications read as the defaults ' +
        '(Monday to Friday 09:00-17:00, Saturday 10:00-15:00, Sunday closed). A member who never ' +
        'saved one gets the empty account with `exists: false`.',
      auth: 'member',
      responses: { 200: businessAccountSchema },
      async handler(_input, req, res) {
        res.json(await readBusinessAccount(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/business-account',
      summary: "Saves the member's whole business account",
      description:
        'Logo and banner: a data URL of an image (checked by its bytes, cropped to 256x256 and ' +
        "1200x400, stored as a public file), the account's current URL to keep it, or '' for none. " +
        'The account as `GET` answers it may be sent back whole: `exists` and `updatedAt` are ' +
        'ignored, and `version`, when sent, must still be the current one, else 409 ' +
        '`version-conflict` with `currentVersion`.',
      auth: 'member',
      body: businessAccountUpdateSchema,
      responses: { 200: businessAccountSchema },
      errors: [409],
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        const ctx = contextOf(req);
        const { exists: _exists, updatedAt: _updatedAt, version, ...fields } = body;
        const current = await readBusinessAccount(db, userId);
        // Before any image is stored; the command checks again in its transaction.
        requireAccountVersion(current, version);
        const images = await resolveBusinessImages(deps, {
          ownerId: userId,
          logo: fields.logo,
          banner: fields.banner,
          current,
          ctx,
        });
        const account = { ...fields, ...images };
        const savedAt = new Date().toISOString();
        res.json(
          await commands.run(
            saveBusinessAccount,
            { userId, account, savedAt, expectedVersion: version },
            ctx,
          ),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/business-account',
      summary: "Deletes the member's business account",
      auth: 'member',
      responses: { 204: null },
      errors: [404],
      async handler(_input, req, res) {
        await commands.run(deleteBusinessAccount, { userId: memberIdOf(req) }, contextOf(req));
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/business-account/export',
      summary: "Downloads the member's business account as a JSON file",
      auth: 'member',
      responses: {
        200: { description: 'The business account', contentType: 'application/json' },
      },
      errors: [404],
      async handler(_input, req, res) {
        const account = await readBusinessAccount(db, memberIdOf(req));
        if (!account.exists) throw businessAccountNotFound();
        res.setHeader('content-disposition', contentDisposition('business-account.json'));
        res.type('application/json').send(JSON.stringify(account, null, 2));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/business-account/report',
      summary: "The business report's figures",
      description:
        'The account, its weekly open hours computed from the business hours, its profile ' +
        "completeness, and the member's own posts, views, likes and followers.",
      auth: 'member',
      responses: { 200: businessReportSchema },
      errors: [404],
      async handler(_input, req, res) {
        const report = await readBusinessReport(db, memberIdOf(req));
        if (!report.account.exists) throw businessAccountNotFound();
        res.json(report);
      },
    }),
  ];
}
