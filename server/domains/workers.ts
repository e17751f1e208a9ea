import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { LiveRelay } from '../realtime/relay';
import { createBackupWorker } from './backup/backup-worker';
import { createEmailWorkers } from './email/email-worker';
import { createLogRetentionWorker } from './logs/log-retention';
import { createMonitoringWorker } from './monitoring/monitoring-worker';

/** Background work a server process runs beside requests (email worker, alert rules, schedules). */
export interface BackgroundWorker {
  name: string;
  start(): Promise<void>;
  /** Finishes or abandons the work in hand; called before the pools close. */
  stop(): Promise<void>;
}

export interface WorkerDeps {
  db: Db;
  config: Config;
  logger: Logger;
  connectionString: string;
  io: Server;
  relay: LiveRelay;
}

/** Every background worker of a process, started after the relay and stopped before it. */
export function createWorkers(deps: WorkerDeps): BackgroundWorker[] {
  return [
    createBackupWorker(deps),
    createMonitoringWorker(deps),
    createLogRetentionWorker({ ...deps, retentionDays: deps.config.LOG_RETENTION_DAYS }),
    ...createEmailWorkers(deps),
  ];
}
