// What other features use of theme; inside the feature, files import each other directly.
export {
  appearanceAdopted,
  appearanceChangedHere,
  isNewerSettings,
  selectFontSize,
  selectThemeSetting,
} from './themeSlice';
export { ThemeToggle } from './ThemeToggle';
