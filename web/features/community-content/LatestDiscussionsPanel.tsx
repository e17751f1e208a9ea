import { useState } from 'react';
import { HUB_PANEL_ITEMS } from '../../../shared/communities/constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { relativeTime } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';
import type { HubSectionProps } from '../../components/hubSection';
import { useLiveFeature } from '../connection';
import { useGetDiscussionsQuery } from './communityContentApi';
import { discussionOrder } from './communityContentCache';
import { FlagBadges } from './ContentBadges';
import { DiscussionThreadDialog } from './DiscussionThreadDialog';

/**
 * The overview's Latest Discussions: the newest by activity (sticky ones are the list's order,
 * not the panel's), `HUB_PANEL_ITEMS` of them, and View all.
 */
export function LatestDiscussionsPanel({
  communityId,
  isMember,
  canManage,
  openTab,
}: HubSectionProps) {
  useLiveFeature('community-content');
  const { data, isLoading, isError } = useGetDiscussionsQuery({ communityId });
  const [openId, setOpenId] = useState<string | null>(null);
  const now = useNow();
  const latest = [...(data?.discussions ?? [])]
    .sort((a, b) => discussionOrder({ ...a, isSticky: false }, { ...b, isSticky: false }))
    .slice(0, HUB_PANEL_ITEMS);

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Latest Discussions</CardTitle>
        <Button variant="link" size="inline" onClick={() => openTab('discussions')}>
          View all
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading...
          </p>
        )}
        {isError && (
          <p className="text-sm text-destructive" role="alert">
            Discussions could not be loaded.
          </p>
        )}
        {data && latest.length === 0 && (
          <p className="text-sm text-muted-foreground">No discussions yet.</p>
        )}
        {latest.length > 0 && (
          <ul className="grid gap-2" aria-label="Latest discussions">
            {latest.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(d.id)}
                  className="grid w-full gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
                    <FlagBadges sticky={d.isSticky} locked={d.isLocked} />
                    {d.title}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {d.author.displayName} · {d.replies} {d.replies === 1 ? 'reply' : 'replies'} ·{' '}
                    {relativeTime(d.lastActivityAt, now)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {openId && (
        <DiscussionThreadDialog
          discussionId={openId}
          isMember={isMember}
          canManage={canManage}
          onClose={() => setOpenId(null)}
        />
      )}
    </Card>
  );
}
