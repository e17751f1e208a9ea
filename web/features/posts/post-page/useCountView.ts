import { useEffect } from 'react';
import { useCountPostViewMutation } from '../postsApi';

/** Tells the server the viewer opened the post; it decides whether the view counts. */
export function useCountView(postId: string | undefined): void {
  const [countView] = useCountPostViewMutation();
  useEffect(() => {
    if (postId) void countView(postId);
  }, [postId, countView]);
}
