import { ArrowLeft, EllipsisVertical, type LucideIcon } from 'lucide-react';
import type { Conversation } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { CallButtons } from '../calls';
import { Avatar } from '../../components/UserCard';
import { PRESENCE_LABELS, PresenceDot } from '../../components/PresenceDot';
import { actionFor, FLAG_ACTIONS, useConversationFlags } from './useConversationFlags';

/** More is not built yet: it looks and announces itself as unavailable. */
function ComingSoonButton({ label, icon: Icon }: { label: string; icon: LucideIcon }) {
  return (
    <Tooltip label="Coming soon">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${label} (coming soon)`}
        aria-disabled="true"
        className="hidden cursor-not-allowed opacity-50 hover:bg-transparent sm:inline-flex"
        onClick={(event) => event.preventDefault()}
      >
        <Icon aria-hidden />
      </Button>
    </Tooltip>
  );
}

const FLAG_NAMES = { isPinned: 'Pin', isStarred: 'Star', isArchived: 'Archive' } as const;

export function ThreadHeader({
  conversation,
  onBack,
}: {
  conversation: Conversation;
  onBack: () => void;
}) {
  const { contact } = conversation;
  const toggleFlag = useConversationFlags();
  return (
    <header className="flex items-center gap-2 border-b px-3 py-2.5">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Back to conversations"
        onClick={onBack}
      >
        <ArrowLeft aria-hidden />
      </Button>
      <span className="relative shrink-0">
        <Avatar name={contact.displayName} src={contact.avatar} />
        <PresenceDot status={contact.status} className="absolute right-0 bottom-0 size-2.5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="thread-heading" className="truncate text-sm font-semibold">
          {contact.displayName}
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          @{contact.username} · {PRESENCE_LABELS[contact.status]}
        </p>
      </div>
      <div className="flex items-center gap-0.5">
        {FLAG_ACTIONS.map((action) => {
          const { label } = actionFor(action, conversation);
          const Icon = action.set.icon;
          const on = conversation[action.flag];
          return (
            <Tooltip key={action.flag} label={label}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${FLAG_NAMES[action.flag]} conversation`}
                aria-pressed={on}
                onClick={() => toggleFlag(conversation, action)}
                className={cn(on && 'text-primary')}
              >
                <Icon aria-hidden className={cn(on && 'fill-current')} />
              </Button>
            </Tooltip>
          );
        })}
        <CallButtons conversation={conversation} />
        <ComingSoonButton label="More" icon={EllipsisVertical} />
      </div>
    </header>
  );
}
