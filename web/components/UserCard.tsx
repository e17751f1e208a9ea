import type { SignedInSession } from '../../shared/auth/schemas';
import { cn } from '../lib/cn';

/** Spec 002 §3: without an avatar image, the first letter of the name in upper case. */
export function avatarInitial(name: string): string {
  return (name.trim().charAt(0) || '?').toUpperCase();
}

export function Avatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  return src ? (
    <img src={src} alt="" className={cn('size-9 shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-sm font-semibold text-white',
        className,
      )}
    >
      {avatarInitial(name)}
    </span>
  );
}

export function UserCard({ user, compact }: { user: SignedInSession; compact: boolean }) {
  const name = user.displayName || user.username;
  return (
    <div
      data-testid="user-card"
      className={cn(
        'flex items-center gap-3 rounded-xl',
        compact ? 'justify-center' : 'border bg-card p-2.5',
      )}
      title={compact ? `${name} (${user.email})` : undefined}
    >
      <Avatar name={name} src={user.avatar} />
      <div className={cn('min-w-0', compact && 'sr-only')}>
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
    </div>
  );
}
