import { cn } from '../../lib/cn';
import { initialsOf } from './profileText';

/** The member's avatar, or their initials on a gradient when they have none (002 §2 item 12). */
export function ProfileAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  const shape = cn('size-24 shrink-0 rounded-full border-4 border-card object-cover', className);
  return src ? (
    <img src={src} alt={`${name}'s avatar`} className={shape} />
  ) : (
    <span
      role="img"
      aria-label={`${name}'s avatar`}
      data-testid="profile-avatar-initials"
      className={cn(
        shape,
        'flex items-center justify-center bg-gradient-to-br from-indigo-500 to-violet-500 text-3xl font-semibold text-white',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/** The banner image, or a gradient when the member has none. */
export function ProfileBanner({ src, className }: { src: string | null; className?: string }) {
  const shape = cn('h-36 w-full sm:h-48', className);
  return src ? (
    <img src={src} alt="" className={cn(shape, 'object-cover')} />
  ) : (
    <div
      aria-hidden
      data-testid="profile-banner-gradient"
      className={cn(shape, 'bg-gradient-to-r from-indigo-500 via-purple-500 to-pink-500')}
    />
  );
}
