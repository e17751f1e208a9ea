import { Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Post } from '../../../../shared/posts';
import { useNow } from '../../../lib/useNow';
import { authorName } from '../card/cardText';
import { postTime } from '../card/relativeTime';
import { postHeading } from '../post-page/postView';
import { videoOf, videoUrl } from './videoPick';

/** Up to six other videos, each a link to its own page (001 §2). */
export function OtherVideos({ videos }: { videos: Post[] }) {
  const now = useNow();
  if (videos.length === 0) {
    return <p className="text-sm text-muted-foreground">No other videos yet.</p>;
  }
  return (
    <ul className="grid gap-3" data-testid="other-videos">
      {videos.map((post) => {
        const video = videoOf(post);
        const poster = video?.posterUrl ?? video?.thumbnailUrl ?? null;
        const title = postHeading(post);
        return (
          <li key={post.id}>
            <Link
              to={videoUrl(post.id)}
              className="group flex gap-3 rounded-lg p-1.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="other-video"
            >
              <span className="relative flex aspect-video w-32 shrink-0 items-center justify-center overflow-hidden rounded-md bg-black">
                {poster && <img src={poster} alt="" className="size-full object-cover" />}
                <Play className="absolute size-6 text-white drop-shadow" aria-hidden />
              </span>
              <span className="min-w-0 text-sm">
                <span className="line-clamp-2 font-medium group-hover:underline">{title}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {authorName(post.author)} · {postTime(post, now).text}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
