import { Moon, Sun } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { useSettingsChange } from '../settings/useSettingsChange';
import { selectTheme } from './themeSlice';

export function ThemeToggle() {
  const theme = useAppSelector(selectTheme);
  const { change } = useSettingsChange();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => void change({ appearance: { theme: next } })}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
