import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { applyFontSize, applyTheme, DARK_SCHEME_QUERY } from './theme';
import { selectFontSize, selectTheme, systemPreferenceChanged } from './themeSlice';

/**
 * Keeps the `dark` and font size classes on <html> in step with the store and the system
 * preference.
 */
export function ThemeSync() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const fontSize = useAppSelector(selectFontSize);

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => applyFontSize(fontSize), [fontSize]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const onChange = (event: MediaQueryListEvent) =>
      dispatch(systemPreferenceChanged(event.matches));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);

  return null;
}
