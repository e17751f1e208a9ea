import { Activity, CalendarDays, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import type { CommunityStats } from '../../../shared/communities';
import { Card, CardContent } from '../../components/ui/card';

const CARDS: { key: keyof CommunityStats; label: string; icon: LucideIcon }[] = [
  { key: 'members', label: 'Members', icon: Users },
  { key: 'discussions', label: 'Discussions', icon: MessagesSquare },
  { key: 'events', label: 'Events', icon: CalendarDays },
  { key: 'engagement', label: 'Engagement', icon: Activity },
];

/** The hub's stat cards, from the community's row; kept live by `community:changed`. */
export function StatCards({ stats }: { stats: CommunityStats }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Community statistics">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <li key={key}>
          <Card>
            <CardContent className="flex items-center gap-3 p-4">
              <Icon className="size-6 text-primary" aria-hidden />
              <div>
                <p className="text-2xl font-semibold" data-testid={`stat-${key}`}>
                  {key === 'engagement'
                    ? `${stats.engagement}%`
                    : stats[key].toLocaleString('en-US')}
                </p>
                <p className="text-sm text-muted-foreground">{label}</p>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
