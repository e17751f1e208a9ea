import { Router } from 'express';
import {
  sendEmailSchema,
  templateNameParams,
  updateTemplateSchema,
} from '../../../shared/ops/email';
import { route } from '../../http/route';
import { requireRole } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import { queueView, sendEmail } from './commands';
import { presentCaptured } from './presenter';
import { listTemplates, updateTemplate } from './template-store';

const CAPTURED_LIMIT = 50;

/** The Email Service dashboard's API (spec 002 §7): operators (owners) only. */
export function emailRoutes(deps: RouteDeps): Router {
  const router = Router();
  const owner = requireRole('owner');

  router.post(
    '/email/send',
    owner,
    route({ body: sendEmailSchema }, async ({ body }, _req, res) => {
      res.status(201).json(await sendEmail(deps.db, body));
    }),
  );

  router.get(
    '/email/queue',
    owner,
    route({}, async (_input, _req, res) => {
      res.json(await queueView(deps.db));
    }),
  );

  router.get(
    '/email/templates',
    owner,
    route({}, async (_input, _req, res) => {
      res.json({ templates: await listTemplates(deps.db) });
    }),
  );

  router.put(
    '/email/templates/:name',
    owner,
    route(
      { params: templateNameParams, body: updateTemplateSchema },
      async ({ params, body }, _req, res) => {
        res.json(await updateTemplate(deps.db, params.name, body));
      },
    ),
  );

  router.get(
    '/email/captured',
    owner,
    route({}, async (_input, _req, res) => {
      const rows = await deps.db
        .selectFrom('email_captured')
        .selectAll()
        .orderBy('captured_at', 'desc')
        .orderBy('id', 'desc')
        .limit(CAPTURED_LIMIT)
        .execute();
      res.json({ emails: rows.map(presentCaptured) });
    }),
  );

  return router;
}
