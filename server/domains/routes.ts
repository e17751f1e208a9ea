import type { Router } from 'express';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { authRoutes } from './auth/routes';
import { backupRoutes } from './backup/routes';
import { badgesRoutes } from './badges/routes';
import { emailRoutes } from './email/routes';
import { friendsRoutes } from './friends/routes';
import { logsRoutes } from './logs/routes';
import { messagingRoutes } from './messaging/routes';
import { monitoringRoutes } from './monitoring/routes';
import { notificationsRoutes } from './notifications/routes';
import { peopleRoutes } from './people/routes';

export interface RouteDeps {
  db: Db;
  publicUrl: string;
  config: Config;
}

/** Every domain's API routes, mounted under /api in this order. */
export function domainRoutes(deps: RouteDeps): Router[] {
  return [
    authRoutes(deps),
    badgesRoutes(deps),
    peopleRoutes(deps),
    friendsRoutes(deps),
    messagingRoutes(deps),
    notificationsRoutes(deps),
    monitoringRoutes(deps),
    logsRoutes(deps),
    emailRoutes(deps),
    backupRoutes(deps),
  ];
}
