import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { HubSectionProps } from './hubSection';

/**
 * The hub's sections owned by the features of what is inside a community (discussions, community
 * posts, events). This module is the one seam: at merge it re-exports theirs.
 */
function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}

export function DiscussionsTab(_props: HubSectionProps) {
  return <Placeholder title="Discussions" text="No discussions yet." />;
}

export function PostsTab(_props: HubSectionProps) {
  return <Placeholder title="Posts" text="No posts yet." />;
}

export function EventsTab(_props: HubSectionProps) {
  return <Placeholder title="Events" text="No events yet." />;
}

export function LatestDiscussionsPanel(_props: HubSectionProps) {
  return <Placeholder title="Latest Discussions" text="No discussions yet." />;
}

export function UpcomingEventsPanel(_props: HubSectionProps) {
  return <Placeholder title="Upcoming Events" text="No upcoming events." />;
}
