import type { Post } from '../../../../shared/posts';
import { useAppSelector } from '../../../state/hooks';
import { selectIsPostDeleted, selectPostById } from '../postsSlice';

/**
 * The newest state of a post: the post book's copy, which pushes and likes keep current, else
 * the answer that loaded it. Undefined once the client learns it was deleted.
 */
export function useBookPost(id: string | undefined, loaded: Post | undefined): Post | undefined {
  const held = useAppSelector((state) => (id ? selectPostById(state, id) : undefined));
  const deleted = useAppSelector((state) => (id ? selectIsPostDeleted(state, id) : false));
  return deleted ? undefined : (held ?? loaded);
}
