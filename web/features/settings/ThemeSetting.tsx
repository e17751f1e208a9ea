import { Moon, Sun } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { storeTheme, type Theme } from '../theme/theme';
import { selectTheme, themeChosen } from '../theme/themeSlice';

const THEMES: readonly { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** Spec 001 §2: the theme toggle, light or dark, kept like the one in the top bar. */
export function ThemeSetting() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  return (
    <div role="group" aria-label="Theme" className="flex gap-2">
      {THEMES.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          variant={theme === value ? 'default' : 'outline'}
          aria-pressed={theme === value}
          data-testid={`theme-${value}`}
          onClick={() => {
            storeTheme(value);
            dispatch(themeChosen(value));
          }}
        >
          <Icon aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  );
}
