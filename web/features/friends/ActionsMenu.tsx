import { MoreHorizontal } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

export interface MenuItem {
  label: string;
  icon: ReactNode;
  /** A link (opened in a new tab when `newTab`), or an action. */
  href?: string;
  newTab?: boolean;
  onSelect?: () => void;
  destructive?: boolean;
}

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent [&_svg]:size-4 [&_svg]:shrink-0';

function nextIndex(key: string, current: number, last: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return current >= last ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 ? last : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** Moves focus between the menu's items; false when the key is not a navigation key. */
function moveFocus(menu: HTMLElement, key: string): boolean {
  const items = Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const current =
    document.activeElement instanceof HTMLElement ? items.indexOf(document.activeElement) : -1;
  const next = nextIndex(key, current, items.length - 1);
  if (next === null) return false;
  items[next]?.focus();
  return true;
}

/**
 * A menu button (WAI-ARIA menu pattern): arrows, Home and End move between items, Escape closes
 * and returns focus to the button, Tab or a click outside closes it.
 */
export function ActionsMenu({
  label,
  items,
  triggerRef,
}: {
  label: string;
  items: MenuItem[];
  /** Where focus goes back to after an item opens a dialog. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (menuRef.current && moveFocus(menuRef.current, event.key)) {
      event.preventDefault();
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="friend-menu"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onTriggerKeyDown}
      >
        <MoreHorizontal aria-hidden />
      </Button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-30 mt-1 grid w-48 gap-0.5 rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {items.map((item) =>
            item.href ? (
              <Link
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                to={item.href}
                target={item.newTab ? '_blank' : undefined}
                rel={item.newTab ? 'noopener' : undefined}
                onClick={() => setOpen(false)}
                className={itemClass}
              >
                {item.icon}
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  item.onSelect?.();
                }}
                className={`${itemClass} ${item.destructive ? 'text-destructive' : ''}`}
              >
                {item.icon}
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
