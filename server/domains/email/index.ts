import type { DomainModule } from '../../core/module';
import { createEmailWorkers } from './email-worker';
import { emailRoutes } from './routes';
import { seedDefaultTemplates } from './template-store';

/**
 * Outgoing email: commands queue rendered emails in their own write (outbox.ts); a worker per
 * process drains the outbox over SMTP or into the local capture; operators edit the templates.
 */
export const emailModule: DomainModule = {
  name: 'email',
  routes: emailRoutes,
  workers: (deps) => createEmailWorkers(deps),
  start: ({ db }) => seedDefaultTemplates(db),
};
