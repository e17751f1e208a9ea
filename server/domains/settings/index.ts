import type { DomainModule } from '../../core/module';
import { emailChangeProjection } from './email-change-projection';
import { settingsRoutes } from './routes';
import { memberSettingsProjection } from './settings-projection';
import { memberSettingsPusher } from './settings-pusher';

/**
 * A member's own settings (notifications by channel, theme and font size), followed to every tab
 * and device of theirs, and the change of their email address through a link to the new one.
 */
export const settingsModule: DomainModule = {
  name: 'settings',
  meanings: {
    events: {
      EmailChanged: { memberChanged: ({ userId }) => userId },
    },
  },
  projections: () => [memberSettingsProjection, emailChangeProjection],
  routes: settingsRoutes,
  pushers: () => [memberSettingsPusher],
};
