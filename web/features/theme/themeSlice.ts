import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resolveTheme, type Theme } from './theme';

export interface ThemeState {
  /** What the member picked with the toggle; null follows the system. */
  choice: Theme | null;
  systemPrefersDark: boolean | null;
}

const initialState: ThemeState = { choice: null, systemPrefersDark: null };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    themeChosen(state, action: PayloadAction<Theme>) {
      state.choice = action.payload;
    },
    systemPreferenceChanged(state, action: PayloadAction<boolean | null>) {
      state.systemPrefersDark = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => resolveTheme(state.choice, state.systemPrefersDark),
  },
});

export const { themeChosen, systemPreferenceChanged } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
export const themeReducer = themeSlice.reducer;
