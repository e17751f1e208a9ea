import { isTheme, resolveTheme } from '../../../web/features/theme/theme';
import {
  selectTheme,
  themeChosen,
  themeReducer,
  systemPreferenceChanged,
} from '../../../web/features/theme/themeSlice';

describe('resolveTheme', () => {
  it('uses the stored choice first', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('falls back to the system preference', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    expect(resolveTheme('purple', true)).toBe('dark');
    expect(isTheme('purple')).toBe(false);
  });

  it('is light when nothing is known', () => {
    expect(resolveTheme(null, null)).toBe('light');
    expect(resolveTheme(undefined, null)).toBe('light');
  });
});

describe('theme slice', () => {
  it('follows the system until the member chooses', () => {
    let state = themeReducer(undefined, systemPreferenceChanged(true));
    expect(selectTheme({ theme: state })).toBe('dark');
    state = themeReducer(state, themeChosen('light'));
    expect(selectTheme({ theme: state })).toBe('light');
    state = themeReducer(state, systemPreferenceChanged(true));
    expect(selectTheme({ theme: state })).toBe('light');
  });
});
