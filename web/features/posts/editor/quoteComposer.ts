import type { CreatePost, Post } from '../../../../shared/posts';
import type { QuotedPost } from '../../../../shared/reposts';
import { createBody, type PostFormValues } from './postForm';

export const QUOTE_TEXTS = {
  title: 'Quote post',
  description: 'Write a post of your own; the post you quote is shown under it.',
  publish: 'Publish quote',
  publishing: 'Publishing…',
  published: 'Your quote has been published.',
  failed: 'The quote could not be published. Please try again.',
} as const;

/** The longest start of the text a card shows when the post has no excerpt, as the server cuts it. */
const QUOTED_TEXT_MAX = 280;

/** What the composer needs of the post quoted. */
export type QuotablePost = Pick<
  Post,
  'id' | 'author' | 'title' | 'excerpt' | 'content' | 'publishedAt'
>;

/** The original as the quote will embed it: the server's small card, made from the post held. */
export function quotedPreview(post: QuotablePost): QuotedPost {
  return {
    id: post.id,
    author: post.author,
    title: post.title,
    excerpt: post.excerpt || post.content.slice(0, QUOTED_TEXT_MAX),
    publishedAt: post.publishedAt,
  };
}

/** `POST /posts` for a quote: the composer's text, published at once, quoting the original. */
export function quoteBody(values: PostFormValues, quoteOf: string): CreatePost {
  return { ...createBody(values, 'published'), quoteOf };
}
