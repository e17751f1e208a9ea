import { Moon, Sun } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import {
  appearanceAdopted,
  appearanceChangedHere,
  selectFontSize,
  selectTheme,
} from './themeSlice';

export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const fontSize = useAppSelector(selectFontSize);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => {
        dispatch(appearanceAdopted({ theme: next, fontSize }));
        dispatch(appearanceChangedHere({ theme: next }));
      }}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
