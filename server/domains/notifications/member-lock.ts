import { lock } from '../../core/guards';
import type { Statement } from '../../db/statement';

/**
 * Serialises everything that changes one member's notifications: the projection's "merge into
 * the unread group or insert" and the member's own commands, so two requests arriving at once
 * merge into one notification.
 */
export function lockMemberNotifications(userId: string): Statement {
  return lock(`notifications:${userId}`);
}
