import type { Router } from 'express';
import type { Db } from '../db/schema';
import { authRoutes } from './auth/routes';
import { badgesRoutes } from './badges/routes';
import { friendsRoutes } from './friends/routes';
import { messagingRoutes } from './messaging/routes';
import { notificationsRoutes } from './notifications/routes';
import { peopleRoutes } from './people/routes';

export interface RouteDeps {
  db: Db;
  publicUrl: string;
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
  ];
}
