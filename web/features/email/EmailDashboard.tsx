import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { emailMessages } from '../../../shared/ops/email';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { cn } from '../../lib/cn';
import { useLiveFeature } from '../connection';
import { useFallbackPolling } from '../ops';
import { DismissibleBanner } from '../../components/DismissibleBanner';
import {
  useGetCapturedEmailsQuery,
  useGetEmailQueueQuery,
  useGetEmailTemplatesQuery,
} from './emailApi';
import { QueueCounts, QueueProgress } from './QueueOverview';
import { CapturedEmails, RecentEmails } from './RecentEmails';
import { TemplatesPanel } from './TemplatesPanel';
import { TestEmailForm } from './TestEmailForm';

/** Spec 002 §9: the queue refreshes every 30 s, here only while the live channel is down. */
const FALLBACK_REFRESH_MS = 30_000;

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'queue', label: 'Queue Status' },
  { value: 'templates', label: 'Templates' },
  { value: 'test', label: 'Test Emails' },
] as const;

const triggerClass = cn(
  'inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

/** Spec 002 §2 screens 5-6: queue counts live, templates, test emails. */
export function EmailDashboard() {
  useLiveFeature('email');
  const pollingInterval = useFallbackPolling(FALLBACK_REFRESH_MS);
  const queue = useGetEmailQueueQuery(undefined, { pollingInterval });
  const templates = useGetEmailTemplatesQuery();
  const captured = useGetCapturedEmailsQuery(undefined, { pollingInterval });
  // Dismissing the banner hides it for that failed request; the next failure shows it again.
  const [dismissedRequest, setDismissedRequest] = useState<number | undefined>();
  const queueBanner = queue.isError && dismissedRequest !== queue.startedTimeStamp;
  const [sendBanner, setSendBanner] = useState<{ detail: string | undefined } | null>(null);

  return (
    <div className="flex flex-col gap-4">
      {queueBanner && (
        <DismissibleBanner
          message={emailMessages.queueFailed}
          onDismiss={() => setDismissedRequest(queue.startedTimeStamp)}
        />
      )}
      {sendBanner && (
        <DismissibleBanner
          message={emailMessages.sendFailed}
          detail={sendBanner.detail}
          onDismiss={() => setSendBanner(null)}
        />
      )}
      <Tabs.Root defaultValue="overview" className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Email Service sections"
          className="scrollbar-none flex w-full gap-1 overflow-x-auto rounded-xl bg-muted p-1 sm:w-max"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="overview" className="flex flex-col gap-4 focus-visible:outline-none">
          {queue.data ? (
            <>
              <QueueCounts stats={queue.data} />
              <QueueProgress stats={queue.data} />
              <section aria-labelledby="captured-heading" className="flex flex-col gap-2">
                <h2 id="captured-heading" className="text-sm font-semibold">
                  Local capture
                </h2>
                <CapturedEmails emails={captured.data ?? []} />
              </section>
            </>
          ) : queue.isError ? (
            <ErrorState title={emailMessages.queueFailed} onRetry={() => void queue.refetch()} />
          ) : (
            <LoadingState label="Loading the email queue…" />
          )}
        </Tabs.Content>

        <Tabs.Content value="queue" className="flex flex-col gap-4 focus-visible:outline-none">
          {queue.data ? (
            <>
              <QueueCounts stats={queue.data} />
              <QueueProgress stats={queue.data} />
              <RecentEmails emails={queue.data.recent} />
            </>
          ) : queue.isError ? (
            <ErrorState title={emailMessages.queueFailed} onRetry={() => void queue.refetch()} />
          ) : (
            <LoadingState label="Loading the email queue…" />
          )}
        </Tabs.Content>

        <Tabs.Content value="templates" className="focus-visible:outline-none">
          {templates.isError ? (
            <ErrorState title="Failed to load templates" onRetry={() => void templates.refetch()} />
          ) : (
            <TemplatesPanel templates={templates.data} isLoading={templates.isLoading} />
          )}
        </Tabs.Content>

        <Tabs.Content value="test" className="focus-visible:outline-none">
          {templates.data ? (
            <TestEmailForm
              templates={templates.data}
              onFailed={(detail) => setSendBanner({ detail })}
              onSent={() => setSendBanner(null)}
            />
          ) : templates.isError ? (
            <ErrorState title="Failed to load templates" onRetry={() => void templates.refetch()} />
          ) : (
            <LoadingState label="Loading templates…" />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
