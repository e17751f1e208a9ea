import type { Notification } from '../../../shared/social';
import { cn } from '../../lib/cn';
import { Avatar } from '../../components/UserCard';
import { formatFullDate, formatRelativeTime } from '../../lib/dateFormat';

/** Faces shown for a group; the title already names how many others there are. */
const SHOWN_ACTORS = 3;

function ActorAvatars({ notification }: { notification: Notification }) {
  const shown = notification.actors.slice(0, SHOWN_ACTORS);
  const hidden = notification.actorCount - shown.length;
  return (
    <div className="flex shrink-0 -space-x-3" aria-hidden>
      {shown.map((actor) => (
        <Avatar
          key={actor.id}
          name={actor.displayName}
          src={actor.avatar}
          className="size-10 ring-2 ring-card"
        />
      ))}
      {hidden > 0 && (
        <span className="flex size-10 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground ring-2 ring-card">
          +{hidden}
        </span>
      )}
    </div>
  );
}

export interface NotificationItemProps {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification) => void;
}

export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const unread = !notification.read;
  const when = formatRelativeTime(notification.timestamp, now);
  const label = [unread ? 'Unread' : 'Read', notification.title, notification.content, when]
    .filter(Boolean)
    .join('. ');
  return (
    <li>
      <button
        type="button"
        data-testid="notification-item"
        data-notification-id={notification.id}
        data-read={String(notification.read)}
        aria-label={label}
        onClick={() => onOpen(notification)}
        className={cn(
          'flex w-full items-start gap-3 rounded-xl border p-4 text-left transition-colors',
          'hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          unread ? 'border-primary/30 bg-primary/5' : 'bg-card',
        )}
      >
        <ActorAvatars notification={notification} />
        <div className="min-w-0 flex-1">
          <p className={cn('text-sm wrap-anywhere', unread ? 'font-semibold' : 'font-medium')}>
            {notification.title}
          </p>
          {notification.content && (
            <p className="mt-0.5 text-sm wrap-anywhere text-muted-foreground">
              {notification.content}
            </p>
          )}
          <time
            dateTime={notification.timestamp}
            title={formatFullDate(notification.timestamp)}
            className="mt-1 block text-xs text-muted-foreground"
          >
            {when}
          </time>
        </div>
        {unread && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" aria-hidden />
        )}
      </button>
    </li>
  );
}
