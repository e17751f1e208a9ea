import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../auth';
import { PostActions } from '../card/PostActions';
import { VideoPlayer } from '../card/VideoPlayer';
import { CommentThread } from '../post-page/CommentThread';
import { MissingState } from '../post-page/MissingState';
import { PostArticle } from '../post-page/PostArticle';
import { isNotFound } from '../post-page/postPageText';
import { useBookPost } from '../post-page/useBookPost';
import { useCountView } from '../post-page/useCountView';
import { useGetPostQuery, useGetVideosQuery } from '../postsApi';
import { useWatchPosts } from '../useWatchPosts';
import { OtherVideos } from './OtherVideos';
import { otherVideos, selectedVideoPost, videoOf } from './videoPick';
import { videoPageText } from './videoPageText';

/**
 * `/video/{id}` (001 §2): the selected video with its comments and up to 6 others; `/video`
 * alone shows the newest. A post without a video, or one the viewer may not see, is 'No video
 * found'.
 */
export function VideoPage() {
  const { id } = useParams();
  const videos = useGetVideosQuery();
  const named = useGetPostQuery(id ?? '', { skip: !id });
  const newestFirst = useMemo(() => videos.currentData ?? [], [videos.currentData]);
  const loaded = selectedVideoPost(id, named.currentData, newestFirst);
  const selected = useBookPost(loaded?.id, loaded);
  const others = useMemo(
    () => otherVideos(newestFirst, selected?.id ?? id),
    [newestFirst, selected?.id, id],
  );
  const viewerId = useAppSelector(selectSignedInUserId);
  useCountView(loaded?.id);
  useWatchPosts([...(selected ? [selected.id] : []), ...others.map((post) => post.id)]);

  const source = id ? named : videos;
  const settled = source.currentData !== undefined || isNotFound(source.error);
  if (!selected && settled) {
    return (
      <MissingState
        title={videoPageText.notFound}
        message={videoPageText.notFoundDetail}
        linkTo="/"
        linkLabel="Back to Home"
      />
    );
  }
  if (!selected && source.error) {
    return (
      <ErrorState
        title="The video could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void source.refetch()}
      />
    );
  }
  if (!selected) return <LoadingState label={videoPageText.loading} />;

  const video = videoOf(selected);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-8">
        {video && (
          <VideoPlayer
            key={video.id}
            src={video.url}
            poster={video.posterUrl ?? video.thumbnailUrl}
            label={video.description || video.name}
            videoClassName="aspect-video max-h-[75vh] bg-black"
          />
        )}
        <PostArticle
          post={selected}
          isAuthor={selected.author.id === viewerId}
          showMedia={false}
          actions={<PostActions post={selected} />}
        />
        <CommentThread
          key={selected.id}
          postId={selected.id}
          commentsOpen={selected.allowComments}
        />
      </div>
      <aside aria-labelledby="other-videos-heading" className="grid content-start gap-3">
        <h2 id="other-videos-heading" className="text-lg font-semibold">
          More videos
        </h2>
        {videos.isError && !videos.currentData ? (
          <p role="alert" className="text-sm text-destructive">
            Other videos could not be loaded.
          </p>
        ) : videos.currentData ? (
          <OtherVideos videos={others} />
        ) : (
          <LoadingState label="Loading videos..." />
        )}
      </aside>
    </div>
  );
}
