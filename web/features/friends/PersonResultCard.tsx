import { Check, Clock, MessageSquarePlus, UserPlus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { FRIEND_REQUEST_MESSAGE_MAX, type SearchResult } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { withFeedback } from './actionFeedback';
import type { CardView } from './CardList';
import { cardStateOf, requestMessageOf } from './cardState';
import { useSendFriendRequestMutation } from './friendsApi';
import { nameOf, PersonSummary } from './PersonSummary';

function StateBadge({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-muted px-3 text-xs font-medium text-muted-foreground [&_svg]:size-3.5">
      {icon}
      {text}
    </span>
  );
}

/**
 * A search or suggestion card (spec 000 §4): Friends, Pending, or Add with an optional note whose
 * box the member opens first; the note is sent only if that box is open and it is not blank.
 */
export function PersonResultCard({
  result,
  view,
  now,
}: {
  result: SearchResult;
  view: CardView;
  now: number;
}) {
  const { user } = result;
  const name = nameOf(user);
  const [sendRequest, { isLoading }] = useSendFriendRequestMutation();
  const [messageOpen, setMessageOpen] = useState(false);
  const [message, setMessage] = useState('');
  const messageId = useId();
  const state = cardStateOf(result);

  const send = async () => {
    const sent = await withFeedback(
      () =>
        sendRequest({
          toUserId: user.id,
          message: requestMessageOf(messageOpen, message),
        }).unwrap(),
      { success: 'Friend request sent', failure: 'Failed to send friend request' },
    );
    if (sent) {
      setMessageOpen(false);
      setMessage('');
    }
  };

  return (
    <li>
      <Card
        data-testid="friend-card"
        data-user-id={user.id}
        data-state={state}
        className={cn(
          'flex h-full gap-3 p-4',
          view === 'grid' ? 'flex-col' : 'flex-col sm:flex-row sm:items-start',
        )}
      >
        <div className="min-w-0 flex-1">
          <PersonSummary person={user} mutualFriends={result.mutualFriends} now={now} />
        </div>
        <div className="grid gap-2">
          {state === 'friends' && <StateBadge icon={<Check aria-hidden />} text="Friends" />}
          {state === 'pending' && <StateBadge icon={<Clock aria-hidden />} text="Pending" />}
          {state === 'add' && (
            <>
              {messageOpen && (
                <div className="grid gap-1.5">
                  <Label htmlFor={messageId}>Message (optional)</Label>
                  <textarea
                    id={messageId}
                    data-testid="friend-request-message"
                    value={message}
                    maxLength={FRIEND_REQUEST_MESSAGE_MAX}
                    rows={3}
                    onChange={(event) => setMessage(event.target.value)}
                    placeholder={`Say hello to ${name}`}
                    className="w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40"
                  />
                </div>
              )}
              <div className="flex items-center gap-2">
                <Button
                  size="sm"
                  data-testid="add-friend"
                  aria-label={`Add ${name} as a friend`}
                  disabled={isLoading}
                  onClick={() => void send()}
                  className={cn(view === 'grid' && 'flex-1')}
                >
                  <UserPlus aria-hidden />
                  Add
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid="toggle-request-message"
                  aria-expanded={messageOpen}
                  aria-controls={messageOpen ? messageId : undefined}
                  aria-label={
                    messageOpen ? `Remove the message to ${name}` : `Add a message for ${name}`
                  }
                  onClick={() => setMessageOpen((open) => !open)}
                >
                  <MessageSquarePlus aria-hidden />
                  {messageOpen ? 'Remove message' : 'Add message'}
                </Button>
              </div>
            </>
          )}
        </div>
      </Card>
    </li>
  );
}
