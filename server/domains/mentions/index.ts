import type { DomainModule } from '../../core/module';
import { mentionMeanings } from './mention-notifications';
import { mentionsProjection } from './mentions-projection';
import { mentionRoutes } from './routes';

/**
 * @mentions in posts and comments: decided by the commands that write the text (who is named,
 * who is told), recorded as `MentionsSet` beside the content, projected onto the rows every read
 * and push carries, and told through the notifications' meanings.
 */
export const mentionsModule: DomainModule = {
  name: 'mentions',
  meanings: mentionMeanings,
  projections: () => [mentionsProjection],
  routes: mentionRoutes,
};
