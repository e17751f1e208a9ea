import {
  contentRecordFromPost,
  contentRecordSchema,
  type ContentOnlyFields,
} from '../../shared/content';
import { postSchema, type Post } from '../../shared/posts';

const AUTHOR = '0190a000-0000-7000-8000-000000000001';
const POST = '0190a000-0000-7000-8000-0000000000aa';
const NAMED = '0190a000-0000-7000-8000-000000000002';

/** A post read, every field set apart from the others so a field mapped from the wrong one shows. */
const post = (over: Partial<Post> = {}): Post =>
  postSchema.parse({
    id: POST,
    number: 7,
    author: { id: AUTHOR, username: 'ana', displayName: 'Ana', avatar: null },
    title: 'A title',
    content: 'Some content',
    excerpt: 'An excerpt',
    featuredImage: '/cdn/image.png',
    media: [],
    location: 'Lisbon',
    status: 'published',
    visibility: 'friendsOnly',
    categories: ['News'],
    tags: ['a', 'b'],
    seoTitle: 'SEO title',
    seoDescription: 'SEO description',
    allowComments: false,
    allowSharing: true,
    wordCount: 2,
    readTime: 1,
    views: 11,
    likes: 12,
    comments: 13,
    shares: 14,
    reposts: 15,
    quotes: 16,
    likedByMe: true,
    savedByMe: true,
    repostedByMe: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    publishedAt: '2026-11-02T10:00:00.000Z',
    editedAt: '2026-11-03T10:00:00.000Z',
    moderation: { state: 'hidden', reason: 'Spam' },
    linkPreview: null,
    mentions: [],
    quote: null,
    version: 21,
    ...over,
  });

const only = (over: Partial<ContentOnlyFields> = {}): ContentOnlyFields => ({
  type: 'article',
  commentAudience: 'private',
  shareAudience: 'public',
  grants: { view: [NAMED], comment: [], share: [NAMED] },
  metadata: { source: 'import', n: 1 },
  privileged: true,
  ...over,
});

describe('contentRecordFromPost', () => {
  it('maps every field of a post read, and the content-only fields, to the content record', () => {
    const record = contentRecordFromPost(post(), only());
    expect(record).toEqual({
      id: POST,
      compositeId: POST,
      userId: AUTHOR,
      sequence: 7,
      title: 'A title',
      content: 'Some content',
      excerpt: 'An excerpt',
      type: 'article',
      tags: ['a', 'b'],
      categories: ['News'],
      status: 'published',
      visibility: 'friendsOnly',
      featuredImage: '/cdn/image.png',
      location: 'Lisbon',
      seoTitle: 'SEO title',
      seoDescription: 'SEO description',
      allowComments: false,
      allowSharing: true,
      permissions: {
        view: 'friendsOnly',
        comment: 'private',
        share: 'public',
        allow: { view: [NAMED], comment: [], share: [NAMED] },
      },
      metadata: { source: 'import', n: 1 },
      moderation: { state: 'hidden', reason: 'Spam' },
      metrics: { views: 11, likes: 12, comments: 13, shares: 14 },
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-03T10:00:00.000Z',
      publishedAt: '2026-11-02T10:00:00.000Z',
      version: 21,
    });
    // Exactly the documented shape: nothing of the post's own is carried over.
    expect(contentRecordSchema.strict().parse(record)).toEqual(record);
  });

  it('keeps the named members and the moderator reason from a reader who is not privileged', () => {
    const record = contentRecordFromPost(post(), only({ privileged: false }));
    expect(record.permissions.allow).toEqual({ view: [], comment: [], share: [] });
    expect(record.moderation).toEqual({ state: 'hidden', reason: null });
  });

  it('reads a visible, never edited, unpublished post as visible and updated when created', () => {
    const record = contentRecordFromPost(
      post({ moderation: undefined, editedAt: null, publishedAt: null, status: 'draft' }),
      only(),
    );
    expect(record.moderation).toEqual({ state: 'visible', reason: null });
    expect(record.updatedAt).toBe('2026-11-01T10:00:00.000Z');
    expect(record.publishedAt).toBeNull();
    expect(record.status).toBe('draft');
  });
});
