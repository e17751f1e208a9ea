import { Monitor, Moon, Sun } from 'lucide-react';
import type { FontSize, ThemeChoice } from '../../../shared/profiles';
import { useAppSelector } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import { selectFontSize, selectThemeSetting } from '../theme';
import { useSettingsChange } from './useSettingsChange';

const THEMES: readonly { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

const FONT_SIZES: readonly { value: FontSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

/** Spec 001 §2 and §3: the theme, light, dark or the system's; applied at once and stored. */
export function ThemeChoiceControl() {
  const setting = useAppSelector(selectThemeSetting);
  const { change } = useSettingsChange();
  return (
    <div role="group" aria-label="Theme" className="flex flex-wrap gap-2">
      {THEMES.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          variant={setting === value ? 'default' : 'outline'}
          aria-pressed={setting === value}
          data-testid={`theme-${value}`}
          onClick={() => void change({ appearance: { theme: value } })}
        >
          <Icon aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  );
}

/** Spec 002 §2 item 16: Small, Medium or Large, the root font size of the whole app. */
export function FontSizeControl() {
  const current = useAppSelector(selectFontSize);
  const { change } = useSettingsChange();
  return (
    <div role="group" aria-label="Font Size" className="flex flex-wrap gap-2">
      {FONT_SIZES.map(({ value, label }) => (
        <Button
          key={value}
          variant={current === value ? 'default' : 'outline'}
          aria-pressed={current === value}
          data-testid={`font-size-${value}`}
          onClick={() => void change({ appearance: { fontSize: value } })}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
