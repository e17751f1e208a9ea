import type { DomainModule } from '../../core/module';
import { moderationMeanings } from './moderation-notifications';
import { moderationProjection } from './moderation-projection';
import { moderationPusher } from './moderation-pusher';
import { moderationRoutes } from './routes';

/**
 * Moderation (001 §2): members report posts and comments; moderators (appointed by an owner)
 * and owners work the queue live, approve, hide or remove content, warn or suspend members,
 * and every action is an event in the audit list. Hidden content is the author's alone and
 * removed content nobody's, by the relations policy's `postVisible` and the comment reads.
 */
export const moderationModule: DomainModule = {
  name: 'moderation',
  meanings: moderationMeanings,
  projections: () => [moderationProjection],
  routes: (deps) => moderationRoutes(deps),
  pushers: () => [moderationPusher],
};
