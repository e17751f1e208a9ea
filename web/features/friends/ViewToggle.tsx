import { LayoutGrid, List } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { CardView } from './CardList';

const options = [
  { value: 'grid', label: 'Grid view', icon: LayoutGrid },
  { value: 'list', label: 'List view', icon: List },
] as const;

export function ViewToggle({
  view,
  onChange,
}: {
  view: CardView;
  onChange: (view: CardView) => void;
}) {
  return (
    <div role="group" aria-label="Layout" className="flex gap-1 rounded-lg border bg-card p-1">
      {options.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-pressed={view === value}
          data-testid={`friends-view-${value}`}
          onClick={() => onChange(value)}
          className={cn('size-8', view === value && 'bg-accent text-accent-foreground')}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}
