import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  AppearanceSettings,
  FontSize,
  MemberSettings,
  ThemeChoice,
} from '../../../shared/profiles';
import { rootReducer, type AppThunk } from '../../state/store';
import {
  choiceOf,
  FONT_SIZE_STORAGE_KEY,
  resolveTheme,
  storeTheme,
  THEME_STORAGE_KEY,
  type Theme,
} from './theme';

export interface ThemeState {
  /** What the member picked with the toggle; null follows the system. */
  choice: Theme | null;
  systemPrefersDark: boolean | null;
  /** The root font size (001 §3 Appearance). */
  fontSize: FontSize;
}

const initialState: ThemeState = { choice: null, systemPrefersDark: null, fontSize: 'medium' };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    themeChosen(state, action: PayloadAction<Theme>) {
      state.choice = action.payload;
    },
    /** The member's stored appearance (signed in, or pushed from another tab or device). */
    appearanceApplied(state, action: PayloadAction<AppearanceSettings>) {
      state.choice = choiceOf(action.payload.theme);
      state.fontSize = action.payload.fontSize;
    },
    systemPreferenceChanged(state, action: PayloadAction<boolean | null>) {
      state.systemPrefersDark = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => resolveTheme(state.choice, state.systemPrefersDark),
    selectThemeSetting: (state): ThemeChoice => state.choice ?? 'system',
    selectFontSize: (state) => state.fontSize,
  },
});

export const { themeChosen, appearanceApplied, systemPreferenceChanged } = themeSlice.actions;

declare module '../../state/store' {
  interface LazyLoadedSlices extends WithSlice<typeof themeSlice> {}
}

export const { selectTheme, selectThemeSetting, selectFontSize } =
  themeSlice.injectInto(rootReducer).selectors;
export const themeReducer = themeSlice.reducer;

/** Keeps a theme setting for signed-out visits (001 §4): a choice under `theme`, or none. */
function storeThemeChoice(setting: ThemeChoice): void {
  const choice = choiceOf(setting);
  if (choice) {
    storeTheme(choice);
    return;
  }
  try {
    window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Blocked storage held no choice to forget.
  }
}

function storeFontSize(size: FontSize): void {
  try {
    window.localStorage.setItem(FONT_SIZE_STORAGE_KEY, size);
  } catch {
    // As with the theme: the size then lasts for this visit only.
  }
}

/**
 * Applies an appearance at once and keeps it for signed-out visits: the stored settings of a
 * signed-in member win over local storage, which stays the fallback of 001 §4.
 */
export const appearanceAdopted =
  (appearance: AppearanceSettings): AppThunk =>
  (dispatch) => {
    storeThemeChoice(appearance.theme);
    storeFontSize(appearance.fontSize);
    dispatch(appearanceApplied(appearance));
  };

/**
 * The member changed their appearance in this tab (the top bar's toggle). The settings live
 * feature, loaded with the live channel of a signed-in member, stores it; signed out, the local
 * copy is all there is. An action rather than a call keeps the settings API off the first page.
 */
export const appearanceChangedHere = createAction<Partial<AppearanceSettings>>(
  'theme/appearanceChangedHere',
);

/** Whether `incoming` is newer than what a tab holds: pushes and answers can cross. */
export function isNewerSettings(held: MemberSettings | undefined, incoming: MemberSettings) {
  return held === undefined || incoming.version > held.version;
}
