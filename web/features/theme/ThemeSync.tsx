import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { applyTheme, DARK_SCHEME_QUERY } from './theme';
import { selectTheme, systemPreferenceChanged } from './themeSlice';

/** Keeps the `dark` class on <html> in step with the store and the system preference. */
export function ThemeSync() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);

  useEffect(() => applyTheme(theme), [theme]);

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
