import type { Post } from '../../../../shared/posts';

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A feed post may have no title; the page still needs a heading that names it. */
export function postHeading(post: Pick<Post, 'title' | 'author'>): string {
  const title = post.title.trim();
  return title || `Post by ${post.author.displayName || post.author.username}`;
}

export function postCountsText(post: Pick<Post, 'likes' | 'comments' | 'shares' | 'views'>) {
  return [
    counted(post.likes, 'like', 'likes'),
    counted(post.comments, 'comment', 'comments'),
    counted(post.shares, 'share', 'shares'),
    counted(post.views, 'view', 'views'),
  ].join(' · ');
}
