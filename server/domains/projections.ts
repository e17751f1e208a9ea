import type { Projection } from '../eventstore/projection';
import { usersProjection } from './auth/users-projection';
import { backupsProjection } from './backup/backups-projection';
import { badgesProjection } from './badges/badges-projection';
import { friendsProjection } from './friends/friends-projection';
import { messagingProjection } from './messaging/messaging-projection';
import { alertsProjection } from './monitoring/alerts-projection';
import { notificationsProjection } from './notifications/notifications-projection';

/**
 * Every inline projection, in the order they run for each event. Badges run last: they count
 * what the read models before them hold.
 */
export const projections: Projection[] = [
  usersProjection,
  friendsProjection,
  messagingProjection,
  notificationsProjection,
  backupsProjection,
  alertsProjection,
  badgesProjection,
];
