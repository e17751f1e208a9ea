import type { Post } from '../../shared/posts';

/**
 * A published public post by Ana with no counts, for client tests; each test overrides what it
 * is about.
 */
export function aPost(overrides: Partial<Post> = {}): Post {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    number: 1,
    author: {
      id: '00000000-0000-4000-8000-000000000002',
      username: 'ana',
      displayName: 'Ana',
      avatar: null,
    },
    title: 'Hello',
    content: 'Hello world',
    excerpt: '',
    featuredImage: null,
    media: [],
    location: null,
    status: 'published',
    visibility: 'public',
    categories: [],
    tags: [],
    seoTitle: '',
    seoDescription: '',
    allowComments: true,
    allowSharing: true,
    wordCount: 2,
    readTime: 1,
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    reposts: 0,
    quotes: 0,
    repostedByMe: false,
    likedByMe: false,
    savedByMe: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    publishedAt: '2026-11-23T10:00:00.000Z',
    editedAt: null,
    linkPreview: null,
    mentions: [],
    quote: null,
    version: 1,
    ...overrides,
  };
}
