import {
  DEFAULT_APPEARANCE_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
} from '../../../shared/profiles';
import {
  appearanceApplied,
  isNewerSettings,
  selectFontSize,
  selectTheme,
  selectThemeSetting,
  systemPreferenceChanged,
  themeReducer,
} from '../../../web/features/theme/themeSlice';

describe('appearance in the theme slice', () => {
  it('applies a stored appearance: a theme choice, or the system when it says so', () => {
    let state = themeReducer(undefined, systemPreferenceChanged(true));
    state = themeReducer(state, appearanceApplied({ theme: 'light', fontSize: 'large' }));
    expect(selectTheme({ theme: state })).toBe('light');
    expect(selectThemeSetting({ theme: state })).toBe('light');
    expect(selectFontSize({ theme: state })).toBe('large');
    state = themeReducer(state, appearanceApplied({ theme: 'system', fontSize: 'small' }));
    expect(selectTheme({ theme: state })).toBe('dark');
    expect(selectThemeSetting({ theme: state })).toBe('system');
    expect(selectFontSize({ theme: state })).toBe('small');
  });
});

describe('settings pushed to a tab', () => {
  const at = (version: number) => ({
    notifications: DEFAULT_NOTIFICATION_SETTINGS,
    appearance: DEFAULT_APPEARANCE_SETTINGS,
    version,
  });

  it('are kept only when newer than what the tab holds', () => {
    expect(isNewerSettings(undefined, at(0))).toBe(true);
    expect(isNewerSettings(at(2), at(3))).toBe(true);
    expect(isNewerSettings(at(3), at(3))).toBe(false);
    expect(isNewerSettings(at(4), at(3))).toBe(false);
  });
});
