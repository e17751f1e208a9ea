import fc from 'fast-check';
import { mediaMessages, type MediaFile } from '../../../shared/media';
import {
  createPostSchema,
  MAX_CATEGORIES,
  MAX_POST_MEDIA,
  patchPostSchema,
  postsMessages,
  type Post,
  type PostMedia,
} from '../../../shared/posts';
import {
  addLabel,
  attachMedia,
  changedFields,
  createBody,
  EMPTY_POST_FORM,
  featuredImageProblem,
  formOfPost,
  isDirty,
  patchBody,
  postMediaOf,
  publishRefusal,
  readingOf,
  removeLabel,
  saveFailureText,
  type PostFormValues,
} from '../../../web/features/posts/editor/postForm';
import {
  cardImageOf,
  categoryOptions,
  emptyText,
  excerptOf,
  filtersActive,
  isMyPostsTab,
  loadErrorText,
  MY_POSTS_PAGE_SIZE,
  myPostsArgs,
  NO_FILTERS,
  shownLabels,
} from '../../../web/features/posts/my-posts/myPosts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MB = 1024 * 1024;

function media(n: number, kind: 'image' | 'video' = 'image'): PostMedia {
  return {
    id: uuid(900 + n),
    key: `${uuid(900 + n)}.${kind === 'image' ? 'png' : 'mp4'}`,
    name: `file-${n}`,
    mimeType: kind === 'image' ? 'image/png' : 'video/mp4',
    url: `/cdn/file-${n}`,
    thumbnailUrl: kind === 'image' ? `/cdn/thumb-${n}` : null,
    posterUrl: kind === 'video' ? `/cdn/poster-${n}` : null,
    dimensions: null,
    duration: null,
    description: '',
    kind,
  };
}

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: uuid(1),
    number: 1,
    author: { id: uuid(2), username: 'ana', displayName: 'Ana', avatar: null },
    title: 'Hello',
    content: 'Some words here',
    excerpt: '',
    featuredImage: null,
    media: [],
    location: null,
    status: 'draft',
    visibility: 'public',
    categories: ['news'],
    tags: ['a', 'b'],
    seoTitle: '',
    seoDescription: '',
    allowComments: true,
    allowSharing: true,
    wordCount: 3,
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
    publishedAt: null,
    editedAt: null,
    linkPreview: null,
    mentions: [],
    quote: null,
    version: 1,
    ...overrides,
  };
}

const form = (change: Partial<PostFormValues> = {}): PostFormValues => ({
  ...EMPTY_POST_FORM,
  ...change,
});

describe('publishing checks (001 §5, §8)', () => {
  it('asks for the title first, even when the content is missing too', () => {
    expect(publishRefusal(form())).toEqual({
      field: 'title',
      title: postsMessages.titleRequiredTitle,
      description: postsMessages.titleRequired,
    });
  });

  it('then asks for content', () => {
    expect(publishRefusal(form({ title: 'A title' }))).toEqual({
      field: 'content',
      title: 'Content Required',
      description: 'Please add content to your post before publishing.',
    });
  });

  it('counts text that shows as nothing as missing, as the server does', () => {
    expect(publishRefusal(form({ title: ' \u200b\t', content: 'x' }))?.field).toBe('title');
    expect(publishRefusal(form({ title: 'T', content: '\n\u00a0 ' }))?.field).toBe('content');
  });

  it('lets a post with a title and content through', () => {
    expect(publishRefusal(form({ title: 'T', content: 'Body' }))).toBeNull();
  });
});

describe('categories and tags (001 §5)', () => {
  it('adds trimmed labels, once each', () => {
    const first = addLabel([], '  travel  ', 'tag');
    expect(first).toEqual({ labels: ['travel'], problem: null });
    const again = addLabel(first.labels, 'travel ', 'tag');
    expect(again.labels).toBe(first.labels);
    expect(again.problem).toBeNull();
  });

  it('ignores blank text quietly', () => {
    const held = ['a'];
    expect(addLabel(held, '   ', 'category')).toEqual({ labels: held, problem: null });
  });

  it("tells the server's limits before it would refuse the post", () => {
    const full = Array.from({ length: MAX_CATEGORIES }, (_, i) => `c${i}`);
    expect(addLabel(full, 'one more', 'category').problem).toBe(
      `At most ${MAX_CATEGORIES} categories`,
    );
    expect(addLabel([], 'x'.repeat(51), 'category').problem).toBe(
      'A category is at most 50 characters',
    );
    expect(addLabel([], 'x'.repeat(41), 'tag').problem).toBe('A tag is at most 40 characters');
    expect(addLabel([], 'a\u0007b', 'tag').problem).toBe('A tag cannot contain control characters');
  });

  it('keeps every label trimmed, non-empty and unique whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 30 }), (typed) => {
        let labels: readonly string[] = [];
        for (const text of typed) labels = addLabel(labels, text, 'tag').labels;
        expect(new Set(labels).size).toBe(labels.length);
        for (const label of labels) {
          expect(label).toBe(label.trim());
          expect(label).not.toBe('');
        }
      }),
    );
  });

  it('removes one label', () => {
    expect(removeLabel(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('featured image checks (001 §5, §9)', () => {
  it('takes only images', () => {
    expect(featuredImageProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Please select an image file',
    );
    expect(featuredImageProblem({ type: '', size: 10 })).toBe(mediaMessages.selectImage);
    expect(featuredImageProblem({ type: 'video/mp4', size: 10 })).toBe(
      'Please select an image file',
    );
  });

  it('checks the type before the size', () => {
    expect(featuredImageProblem({ type: 'text/plain', size: 50 * MB })).toBe(
      'Please select an image file',
    );
  });

  it('takes up to 5 MB (5242880 bytes)', () => {
    expect(featuredImageProblem({ type: 'image/png', size: 5_242_880 })).toBeNull();
    expect(featuredImageProblem({ type: 'image/png', size: 5_242_881 })).toBe(
      'File size must be less than 5MB',
    );
    expect(featuredImageProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
  });
});

describe('word count and read time as the author types (001 §5)', () => {
  it('counts whitespace-separated words and rounds the minutes up at 200 a minute', () => {
    expect(readingOf('')).toEqual({ wordCount: 0, readTime: 0 });
    expect(readingOf('  one\ttwo\nthree  ')).toEqual({ wordCount: 3, readTime: 1 });
    expect(readingOf(Array(200).fill('w').join(' '))).toEqual({ wordCount: 200, readTime: 1 });
    expect(readingOf(Array(201).fill('w').join(' '))).toEqual({ wordCount: 201, readTime: 2 });
  });
});

describe('unsaved changes (001 §4)', () => {
  it('a fresh editor has none', () => {
    expect(isDirty(EMPTY_POST_FORM, form())).toBe(false);
    expect(isDirty(formOfPost(post()), formOfPost(post()))).toBe(false);
  });

  it('any edit makes some', () => {
    const base = formOfPost(post());
    expect(isDirty(base, { ...base, title: 'Hello!' })).toBe(true);
    expect(isDirty(base, { ...base, content: 'Some words here ' })).toBe(true);
    expect(isDirty(base, { ...base, tags: ['a'] })).toBe(true);
    expect(isDirty(base, { ...base, visibility: 'private' })).toBe(true);
    expect(isDirty(base, { ...base, allowComments: false })).toBe(true);
    expect(isDirty(base, { ...base, featuredImage: '/cdn/x.png' })).toBe(true);
    expect(isDirty(base, { ...base, media: [media(1)] })).toBe(true);
  });

  it('an edit undone, or whitespace the server trims, is none', () => {
    const base = formOfPost(post());
    expect(isDirty(base, { ...base, title: '  Hello ' })).toBe(false);
    expect(isDirty(base, { ...base, seoTitle: '   ' })).toBe(false);
    expect(isDirty(base, { ...base, featuredImage: '' })).toBe(false);
  });

  it('saving clears them: the saved post becomes the baseline', () => {
    const typed = form({ title: ' New ', content: 'Body', tags: ['x'] });
    const saved = post({ title: 'New', content: 'Body', tags: ['x'], categories: [] });
    expect(isDirty(formOfPost(saved), typed)).toBe(false);
  });

  it('names the fields that changed', () => {
    const base = formOfPost(post());
    expect(changedFields(base, { ...base, title: 'X', media: [media(2)] })).toEqual([
      'title',
      'mediaIds',
    ]);
  });
});

describe('what a save sends (001 §4, §7)', () => {
  it('creates with every field and the status asked for, as the server schema takes it', () => {
    const values = form({
      title: ' T ',
      content: 'Body',
      tags: ['x', 'x'],
      media: [media(1), media(2, 'video')],
    });
    const body = createBody(values, 'draft');
    expect(body).toMatchObject({
      title: 'T',
      status: 'draft',
      visibility: 'public',
      tags: ['x'],
      mediaIds: [uuid(901), uuid(902)],
      featuredImage: null,
    });
    expect(createPostSchema.parse(body)).toEqual(body);
  });

  it('patches only the fields changed, with the status', () => {
    const base = formOfPost(post());
    const patch = patchBody(base, { ...base, title: 'Changed', tags: ['b', 'c'] }, 'published');
    expect(patch).toEqual({ status: 'published', title: 'Changed', tags: ['b', 'c'] });
    expect(patchPostSchema.parse(patch)).toEqual(patch);
  });

  it('sends the status alone when nothing changed, which the server accepts', () => {
    const base = formOfPost(post());
    expect(patchBody(base, base, 'draft')).toEqual({ status: 'draft' });
    expect(patchPostSchema.safeParse(patchBody(base, base, 'draft')).success).toBe(true);
  });

  it("reads a refused save's server message, else the spec's text", () => {
    const refused = {
      status: 400,
      data: { error: { code: 'validation', message: 'At most 10 categories' } },
    };
    expect(saveFailureText(refused, 'fallback')).toBe('At most 10 categories');
    const broken = { status: 500, data: { error: { code: 'internal', message: 'boom' } } };
    expect(saveFailureText(broken, 'fallback')).toBe('fallback');
    expect(saveFailureText({ status: 'FETCH_ERROR', error: 'x' }, 'fallback')).toBe('fallback');
  });
});

describe('attached images and videos', () => {
  const file = (kind: MediaFile['kind']): MediaFile =>
    ({ ...media(5), kind, folder: 'images' }) as unknown as MediaFile;

  it('takes uploaded images and videos, nothing else', () => {
    expect(postMediaOf(file('image'))?.kind).toBe('image');
    expect(postMediaOf(file('video'))?.kind).toBe('video');
    expect(postMediaOf(file('audio'))).toBeNull();
    expect(postMediaOf(file('document'))).toBeNull();
  });

  it('attaches after those held, once each, up to the limit', () => {
    const held = [media(1)];
    expect(attachMedia(held, [media(1), media(2)]).media.map((m) => m.id)).toEqual([
      uuid(901),
      uuid(902),
    ]);
    const full = Array.from({ length: MAX_POST_MEDIA }, (_, i) => media(i + 10));
    const over = attachMedia(full, [media(99)]);
    expect(over.media).toHaveLength(MAX_POST_MEDIA);
    expect(over.problem).toBe(`A post holds at most ${MAX_POST_MEDIA} images and videos`);
  });
});

describe('My Posts list (001 §2)', () => {
  it('knows its tabs', () => {
    for (const tab of ['all', 'published', 'draft', 'private'])
      expect(isMyPostsTab(tab)).toBe(true);
    expect(isMyPostsTab('archived')).toBe(false);
    expect(isMyPostsTab(null)).toBe(false);
  });

  it('counts any tab, search or filter as narrowing the list', () => {
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, q: '   ' })).toBe(false);
    expect(filtersActive({ ...NO_FILTERS, q: 'x' })).toBe(true);
    expect(filtersActive({ ...NO_FILTERS, tab: 'draft' })).toBe(true);
    expect(filtersActive({ ...NO_FILTERS, status: 'private' })).toBe(true);
    expect(filtersActive({ ...NO_FILTERS, visibility: 'friendsOnly' })).toBe(true);
    expect(filtersActive({ ...NO_FILTERS, category: 'news' })).toBe(true);
    expect(emptyText(true)).not.toBe(emptyText(false));
  });

  it('builds the category choices from the loaded posts, keeping the chosen one', () => {
    const posts = [{ categories: ['news', 'art'] }, { categories: ['art', 'Zen'] }];
    expect(categoryOptions(posts, '')).toEqual(['art', 'news', 'Zen']);
    expect(categoryOptions([], 'gone')).toEqual(['gone']);
  });

  it('asks a page per request, leaving out what is unset', () => {
    expect(myPostsArgs({ ...NO_FILTERS, q: '  ' }, 1)).toEqual([
      {
        tab: 'all',
        status: 'all',
        visibility: 'all',
        limit: MY_POSTS_PAGE_SIZE,
        offset: 0,
      },
    ]);
    const args = myPostsArgs({ ...NO_FILTERS, tab: 'draft', q: ' hi ', category: 'news' }, 2);
    expect(args.map((arg) => arg.offset)).toEqual([0, MY_POSTS_PAGE_SIZE]);
    expect(args[1]).toMatchObject({ tab: 'draft', q: 'hi', category: 'news' });
  });

  it('shows 2 categories and 3 tags, then how many more', () => {
    expect(shownLabels(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(shownLabels(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });

  it("summarises a post by its excerpt, else its content's start", () => {
    expect(excerptOf({ excerpt: ' Short ', content: 'Long' })).toBe('Short');
    expect(excerptOf({ excerpt: '', content: 'a\n\nb' })).toBe('a b');
    expect(excerptOf({ excerpt: '', content: 'word '.repeat(100) }, 20)).toBe(
      'word word word word…',
    );
  });

  it('pictures a card by its featured image, else its first image or poster', () => {
    expect(cardImageOf({ featuredImage: '/f.png', media: [media(1)] })).toBe('/f.png');
    expect(cardImageOf({ featuredImage: null, media: [media(1)] })).toBe('/cdn/thumb-1');
    expect(cardImageOf({ featuredImage: null, media: [media(2, 'video')] })).toBe('/cdn/poster-2');
    expect(cardImageOf({ featuredImage: null, media: [] })).toBeNull();
  });

  it("tells the list's failure in the server's words when it has them", () => {
    expect(
      loadErrorText({ status: 503, data: { error: { code: 'x', message: 'Down for a bit' } } }),
    ).toBe('Down for a bit');
    expect(loadErrorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
    expect(loadErrorText({ status: 502, data: '<html>' })).toBe('The server answered 502.');
  });
});
