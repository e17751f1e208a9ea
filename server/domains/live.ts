import type { Logger } from 'pino';
import type { Db } from '../db/schema';
import { createOpsFeature } from '../realtime/ops-channel';
import type { Pusher } from '../realtime/pusher';
import type { SocketFeature } from '../realtime/socket-feature';
import { sessionPusher } from './auth/session-pusher';
import { createBadgesPusher } from './badges/badges-pusher';
import { friendsPusher } from './friends/friends-pusher';
import { messagingPusher } from './messaging/messaging-pusher';
import { alertsPusher } from './monitoring/alerts-pusher';
import { createTypingFeature } from './messaging/typing';
import { notificationsPusher } from './notifications/notifications-pusher';
import { createPresenceFeature } from './presence/presence-feature';

export interface LiveDeps {
  db: Db;
  connectionString: string;
  logger: Logger;
}

/** What each process pushes from the log to its own sockets. */
export function createPushers(): Pusher[] {
  return [
    createBadgesPusher(),
    sessionPusher,
    friendsPusher,
    messagingPusher,
    notificationsPusher,
    alertsPusher,
  ];
}

/** What each authenticated socket does beyond receiving pushes. */
export function createSocketFeatures(deps: LiveDeps): SocketFeature[] {
  return [createPresenceFeature(deps), createTypingFeature(deps), createOpsFeature(deps)];
}
