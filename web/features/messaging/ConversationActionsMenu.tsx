import { EllipsisVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Conversation } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { actionFor, FLAG_ACTIONS, useConversationFlags } from './useConversationFlags';

/** The row's menu: pin, star, archive (or their undo), with the keyboard of a menu button. */
export function ConversationActionsMenu({ conversation }: { conversation: Conversation }) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const toggleFlag = useConversationFlags();
  const name = conversation.contact.displayName;

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const focusAt = (at: number) => items[(at + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className="relative shrink-0 pr-1.5">
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`More actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <EllipsisVertical aria-hidden />
      </Button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={`Actions for ${name}`}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-1.5 z-20 mt-1 w-40 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {FLAG_ACTIONS.map((action) => {
            const { label, icon: Icon } = actionFor(action, conversation);
            return (
              <button
                key={action.flag}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  toggleFlag(conversation, action);
                  close();
                }}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm',
                  'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
