import { Crown, Shield, Sparkles, Star, User, type LucideIcon } from 'lucide-react';
import type { CommunityRole } from '../../../shared/communities/constants';
import { cn } from '../../lib/cn';

/** `001` §6: each role has its badge style and icon. */
const ROLE_STYLE: Record<CommunityRole, { icon: LucideIcon; label: string; className: string }> = {
  admin: { icon: Crown, label: 'Admin', className: 'bg-amber-500/15 text-amber-700' },
  moderator: { icon: Shield, label: 'Moderator', className: 'bg-blue-500/15 text-blue-700' },
  vip: { icon: Star, label: 'VIP', className: 'bg-violet-500/15 text-violet-700' },
  newcomer: { icon: Sparkles, label: 'Newcomer', className: 'bg-emerald-500/15 text-emerald-700' },
  member: { icon: User, label: 'Member', className: 'bg-muted text-muted-foreground' },
};

export function RoleBadge({ role }: { role: CommunityRole }) {
  const { icon: Icon, label, className } = ROLE_STYLE[role];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        className,
      )}
    >
      <Icon className="size-3" aria-hidden />
      {label}
    </span>
  );
}
