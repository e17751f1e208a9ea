import { CheckCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { socialMessages, type Notification } from '../../../shared/social';
import { useAppSelector } from '../../state/hooks';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/PageStates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { selectBadges } from '../badges';
import { actionPath } from './actionPath';
import { toastFailure } from '../../lib/settingsFeedback';
import { NotificationItem } from './NotificationItem';
import { flattenNotifications } from './notificationsCache';
import {
  useGetNotificationsInfiniteQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from './notificationsApi';
import { useNow } from './useNow';

const MARK_READ_FAILED = 'Failed to mark notifications as read. Please try again.';
const LIST_HEADING_ID = 'notifications-list-heading';

export function NotificationsPage() {
  const navigate = useNavigate();
  const now = useNow(60_000);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetNotificationsInfiniteQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const unreadCount = useAppSelector((state) => selectBadges(state).notifications);

  const notifications = useMemo(() => flattenNotifications(data?.pages ?? []), [data]);
  // The badge counts unread items on pages not loaded yet, the list those the badge has not caught.
  const hasUnread = unreadCount > 0 || notifications.some((notification) => !notification.read);

  function open(notification: Notification) {
    if (!notification.read) {
      markRead(notification.id)
        .unwrap()
        .catch((failure: unknown) => toastFailure(failure, MARK_READ_FAILED));
    }
    const path = actionPath(notification.actionUrl);
    if (path) void navigate(path);
  }

  function markAll() {
    markAllRead()
      .unwrap()
      .catch((failure: unknown) => toastFailure(failure, MARK_READ_FAILED));
  }

  function loadMore() {
    fetchNextPage()
      .unwrap()
      .catch((failure: unknown) => toastFailure(failure, socialMessages.loadNotificationsFailed));
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Updates about your friends, posts and communities."
      >
        <Button
          variant="outline"
          data-testid="notifications-mark-all"
          disabled={!hasUnread || markingAll}
          onClick={markAll}
        >
          <CheckCheck aria-hidden />
          Mark all as read
        </Button>
      </PageHeader>

      {isLoading ? (
        <LoadingState label="Loading notifications…" />
      ) : isError && !data ? (
        <Alert className="max-w-2xl">
          <p>Error: {socialMessages.loadNotificationsFailed}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : notifications.length === 0 ? (
        <p
          data-testid="notifications-empty"
          className="rounded-xl border border-dashed py-16 text-center text-muted-foreground"
        >
          No new notifications.
        </p>
      ) : (
        <section aria-labelledby={LIST_HEADING_ID} className="max-w-2xl">
          <h2 id={LIST_HEADING_ID} className="sr-only">
            All notifications
          </h2>
          <ul className="grid gap-2">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={open}
              />
            ))}
          </ul>
          {hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" disabled={isFetchingNextPage} onClick={loadMore}>
                {isFetchingNextPage && <Spinner />}
                Load more
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
