import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../auth';
import type { HubSectionProps } from '../../components/hubSection';
import { useLiveFeature } from '../connection';
import { errorDetail } from '../../lib/errorDetail';
import { useNow } from '../../lib/useNow';
import { useGetCommunityPostsQuery } from './communityContentApi';
import { LoadMore } from './LoadMore';
import { CommunityPostCard } from './CommunityPostCard';
import { CreatePostForm } from './CreatePostForm';

interface PageProps {
  communityId: string;
  cursor?: string;
  isMember: boolean;
  canManage: boolean;
  me: string | null;
  now: number;
}

/** A page after the first, loaded on demand. */
function MorePosts({ communityId, cursor, isMember, canManage, me, now }: PageProps) {
  const { data } = useGetCommunityPostsQuery({ communityId, cursor });
  return (
    <>
      {data?.posts.map((post) => (
        <CommunityPostCard
          key={post.id}
          post={post}
          now={now}
          isMember={isMember}
          canManage={canManage}
          isAuthor={post.author.id === me}
        />
      ))}
    </>
  );
}

/** The hub's posts tab: Create Post, then the posts, pinned first and newest next. */
export function PostsTab({ communityId, isMember, canManage }: HubSectionProps) {
  useLiveFeature('community-content');
  const me = useAppSelector(selectSignedInUserId);
  const { data, error, isLoading, refetch } = useGetCommunityPostsQuery({ communityId });
  const [composing, setComposing] = useState(false);
  const [cursors, setCursors] = useState<string[]>([]);
  const now = useNow();
  const page = { communityId, isMember, canManage, me, now };

  return (
    <section aria-labelledby="community-posts-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="community-posts-heading" className="text-lg font-semibold">
          Posts
        </h2>
        {isMember && !composing && (
          <Button onClick={() => setComposing(true)}>
            <Plus aria-hidden />
            Create Post
          </Button>
        )}
      </div>
      {composing && (
        <CreatePostForm
          communityId={communityId}
          canManage={canManage}
          onDone={() => setComposing(false)}
        />
      )}
      {isLoading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading posts...
        </p>
      )}
      {error && (
        <Alert>
          {errorDetail(error) ?? 'Posts could not be loaded.'}{' '}
          <Button variant="link" size="inline" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {data && data.posts.length === 0 && (
        <Card>
          <CardContent className="py-8 text-center text-sm text-muted-foreground">
            No posts yet.{isMember ? ' Share something with the community.' : ''}
          </CardContent>
        </Card>
      )}
      {data && data.posts.length > 0 && (
        <ul className="grid gap-3" aria-label="Community posts">
          {data.posts.map((post) => (
            <CommunityPostCard
              key={post.id}
              post={post}
              now={now}
              isMember={isMember}
              canManage={canManage}
              isAuthor={post.author.id === me}
            />
          ))}
          {cursors.map((cursor) => (
            <MorePosts key={cursor} cursor={cursor} {...page} />
          ))}
        </ul>
      )}
      {data && (
        <LoadMore
          usePage={useGetCommunityPostsQuery}
          args={{ communityId }}
          label="Load more posts"
          cursor={cursors.at(-1)}
          first={data.nextCursor}
          onMore={(next) => setCursors((held) => [...held, next])}
        />
      )}
    </section>
  );
}
