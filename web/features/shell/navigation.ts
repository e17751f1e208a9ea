import {
  Activity,
  Bell,
  Bookmark,
  Briefcase,
  CalendarDays,
  DatabaseBackup,
  ChartColumn,
  FileText,
  House,
  Image,
  LayoutGrid,
  Mail,
  MessageCircle,
  Network,
  Settings,
  ShieldCheck,
  Store,
  TrendingUp,
  User,
  Users,
  UsersRound,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { BadgeCounter } from '../../../shared/badges';

export interface NavEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The live count shown beside the entry, if any. */
  badge?: BadgeCounter;
}

/** Spec 002 §2, side panel routes. */
export const sideNavigation: readonly NavEntry[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/friends', label: 'Friends', icon: Users },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
  { to: '/notifications', label: 'Notifications', icon: Bell },
  { to: '/saved', label: 'Saved', icon: Bookmark },
  { to: '/trending', label: 'Trending', icon: TrendingUp },
  { to: '/events', label: 'Events', icon: CalendarDays },
  { to: '/images', label: 'Images', icon: Image },
  { to: '/videos', label: 'Videos', icon: Video },
  { to: '/marketplace', label: 'Marketplace', icon: Store },
  { to: '/business', label: 'Business', icon: Briefcase },
  { to: '/community', label: 'Community', icon: UsersRound },
  { to: '/posts', label: 'My Posts', icon: FileText },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/** The operator consoles (spec 002 §2 demo pages), listed for owners only. */
export const operatorNavigation: readonly NavEntry[] = [
  { to: '/monitoring-demo', label: 'Monitoring', icon: Activity },
  { to: '/email-demo', label: 'Email Service', icon: Mail },
  { to: '/backup-demo', label: 'Backup and Recovery', icon: DatabaseBackup },
  { to: '/ads/manage', label: 'Ads', icon: ChartColumn },
];

/** The moderation tools (001 §2), listed for moderators and owners. */
export const moderationNavigation: readonly NavEntry[] = [
  { to: '/moderation', label: 'Moderation', icon: ShieldCheck },
];

/** Spec 002 §2, top main menu routes; counts beside Notifications and Messages. */
export const topNavigation: readonly NavEntry[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/friends', label: 'Friends', icon: Users },
  { to: '/notifications', label: 'Notifications', icon: Bell, badge: 'notifications' },
  { to: '/messages', label: 'Messages', icon: MessageCircle, badge: 'messages' },
  { to: '/saved', label: 'Saved', icon: Bookmark },
  { to: '/trending', label: 'Trending', icon: TrendingUp },
  { to: '/events', label: 'Events', icon: CalendarDays },
  { to: '/organizational', label: 'Organizational', icon: Network },
  { to: '/community', label: 'Community', icon: UsersRound },
  { to: '/apps', label: 'Apps', icon: LayoutGrid },
  { to: '/analytics', label: 'Analytics', icon: ChartColumn },
];
