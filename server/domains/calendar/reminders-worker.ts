import type { RuntimeDeps } from '../../core/module';
import type { BackgroundWorker } from '../../core/worker';
import { remindersCommand, sendDueReminders } from './reminders';

/**
 * Every `EVENT_REMINDER_CHECK_MS` (5 minutes), queues the reminder emails of the events starting
 * within `EVENT_REMINDER_HOURS`; the email worker sends them from the outbox. Every process
 * runs it: two sending for one event meet on its stream and the loser finds nobody left.
 */
export function createRemindersWorker(deps: RuntimeDeps): BackgroundWorker {
  const remind = remindersCommand({ publicUrl: deps.config.publicUrl });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => sendDueReminders(deps, remind, deps.config.EVENT_REMINDER_HOURS))
      .then(
        () => undefined,
        (err: unknown) => {
          deps.logger.warn({ err, worker: 'event-reminders' }, 'event reminders failed; next tick');
        },
      );
  };
  return {
    name: 'event-reminders',
    async start() {
      timer = setInterval(tick, deps.config.EVENT_REMINDER_CHECK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
