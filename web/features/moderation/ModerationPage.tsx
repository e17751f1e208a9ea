import { ShieldAlert } from 'lucide-react';
import { moderationMessages } from '../../../shared/moderation/messages';
import { PageHeader } from '../../components/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSession } from '../auth';
import { useLiveFeature } from '../connection';
import { AuditPanel } from './AuditPanel';
import { ModeratorsPanel } from './ModeratorsPanel';
import { QueuePanel } from './QueuePanel';

const TITLE = 'Moderation';
const DESCRIPTION = 'This page is for moderation tools and content.';

function ModeratorOnly() {
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border p-8 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <p className="font-medium">{moderationMessages.moderatorOnly}</p>
        <p className="text-sm text-muted-foreground">
          The owner of this Agora appoints moderators.
        </p>
      </div>
    </>
  );
}

function ModerationTools({ isOwner }: { isOwner: boolean }) {
  useLiveFeature('moderation');
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Tabs defaultValue="queue">
        <TabsList aria-label="Moderation tools">
          <TabsTrigger value="queue">Queue</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
          {isOwner && <TabsTrigger value="moderators">Moderators</TabsTrigger>}
        </TabsList>
        <TabsContent value="queue">
          <QueuePanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditPanel />
        </TabsContent>
        {isOwner && (
          <TabsContent value="moderators">
            <ModeratorsPanel />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}

/**
 * 001 §2 Moderation: the live queue, the audit log and (owners) the moderators. The server
 * refuses members every moderation API; this only says why instead of showing errors.
 */
export function ModerationPage() {
  const { user } = useSession();
  if (user?.role !== 'moderator' && user?.role !== 'owner') return <ModeratorOnly />;
  return <ModerationTools isOwner={user.role === 'owner'} />;
}
