import { createPostSchema, type UserPostsPage } from '../../../shared/posts';
import { quotedPostSchema } from '../../../shared/reposts';
import { EMPTY_POST_FORM } from '../../../web/features/posts/editor/postForm';
import { repostersOf } from '../../../web/features/posts/profilePosts';
import { quoteBody, quotedPreview } from '../../../web/features/posts/editor/quoteComposer';
import { aPost } from '../../support/post-fixture';

describe('the quote composer', () => {
  test('embeds the original as the server will: its excerpt, else the start of its text', () => {
    const post = aPost({ excerpt: '', content: 'x'.repeat(400), publishedAt: null });
    const preview = quotedPreview(post);
    expect(quotedPostSchema.parse(preview)).toEqual(preview);
    expect(preview).toMatchObject({ id: post.id, author: post.author, title: post.title });
    expect(preview.excerpt).toBe('x'.repeat(280));
    expect(quotedPreview(aPost({ excerpt: 'In short' })).excerpt).toBe('In short');
  });

  test('publishes the text at once, quoting the original, in a body the server accepts', () => {
    const body = quoteBody(
      { ...EMPTY_POST_FORM, title: '  My take ', content: 'Agreed' },
      aPost().id,
    );
    expect(body).toMatchObject({
      title: 'My take',
      content: 'Agreed',
      status: 'published',
      quoteOf: aPost().id,
    });
    expect(createPostSchema.parse(body)).toMatchObject({ quoteOf: aPost().id });
  });
});

describe("a profile's reposters", () => {
  const page = (repostedBy: UserPostsPage['repostedBy']): { data: UserPostsPage } => ({
    data: { posts: [], total: 0, reposted: 0, hasMore: false, nextCursor: null, repostedBy },
  });
  const ana = { id: '00000000-0000-4000-8000-000000000002', username: 'ana', displayName: 'Ana' };

  test('are gathered from every page loaded; a page on its way adds none', () => {
    expect(repostersOf([page({ p1: ana }), {}, page({ p2: ana })])).toEqual({ p1: ana, p2: ana });
    expect(repostersOf([])).toEqual({});
  });
});
