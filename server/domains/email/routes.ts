import { z } from 'zod';
import {
  capturedEmailSchema,
  emailQueueViewSchema,
  emailTemplateViewSchema,
  queuedEmailSchema,
  sendEmailSchema,
  templateNameParams,
  updateTemplateSchema,
} from '../../../shared/ops/email';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { queueView, sendEmail, updateTemplate } from './commands';
import { presentCaptured } from './presenter';
import { listTemplates } from './template-store';

const CAPTURED_LIMIT = 50;

/** The Email Service dashboard's API (spec 002 §7): operators (owners) only. */
export function emailRoutes({ db, commands }: ModuleDeps) {
  return [
    defineRoute({
      method: 'post',
      path: '/email/send',
      summary: 'Queues an email rendered from a stored template',
      auth: 'owner',
      body: sendEmailSchema,
      responses: { 201: queuedEmailSchema },
      async handler({ body }, req, res) {
        res.status(201).json(await commands.run(sendEmail, body, contextOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/email/queue',
      summary: "The queue's counts and its newest emails",
      auth: 'owner',
      responses: { 200: emailQueueViewSchema },
      async handler(_input, _req, res) {
        res.json(await queueView(db));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/email/templates',
      summary: 'Every email template as operators last edited it',
      auth: 'owner',
      responses: { 200: z.object({ templates: z.array(emailTemplateViewSchema) }) },
      async handler(_input, _req, res) {
        res.json({ templates: await listTemplates(db) });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/email/templates/:name',
      summary: 'Edits a template (its placeholders must be among its variables)',
      auth: 'owner',
      params: templateNameParams,
      body: updateTemplateSchema,
      responses: { 200: emailTemplateViewSchema },
      errors: [404],
      async handler({ params, body }, req, res) {
        res.json(
          await commands.run(updateTemplate, { name: params.name, edit: body }, contextOf(req)),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/email/captured',
      summary: 'Emails the local capture received (when no SMTP server is configured)',
      auth: 'owner',
      responses: { 200: z.object({ emails: z.array(capturedEmailSchema) }) },
      async handler(_input, _req, res) {
        const rows = await db
          .selectFrom('email_captured')
          .selectAll()
          .orderBy('captured_at', 'desc')
          .orderBy('id', 'desc')
          .limit(CAPTURED_LIMIT)
          .execute();
        res.json({ emails: rows.map(presentCaptured) });
      },
    }),
  ];
}
