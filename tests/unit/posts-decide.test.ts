import {
  COMMENT_MAX_DEPTH,
  createPostSchema,
  patchPostSchema,
  postsMessages,
  readTime,
  wordCount,
} from '../../shared/posts';
import {
  addComment,
  deleteComment,
  editComment,
} from '../../server/domains/posts/comment-commands';
import { createPost, deletePost, editPost } from '../../server/domains/posts/commands';
import { aPostRow } from './support/post-row';
import {
  contentSharedTemplate,
  likeNotificationTemplate,
  type EmailTemplate,
} from '../../server/domains/email/templates';
import type { PostEmailContext } from '../../server/domains/posts/post-notifications';
import {
  reactionCommands,
  setCommentLike,
  setPostSave,
} from '../../server/domains/posts/reaction-commands';
import {
  ANA,
  BEN,
  by,
  decide,
  refusal,
  refusedAs,
  storedTemplate,
  type StateOf,
} from './support/decide';

const { setPostLike, sharePost } = reactionCommands({ publicUrl: 'https://agora.example' });

/** The author does not want the email (or is gone): nothing is queued. */
const noEmail: PostEmailContext = {
  template: null,
  recipientEmail: null,
  actorName: 'Ben',
  postTitle: 'Hello',
};
const wantsEmail = (template: EmailTemplate): PostEmailContext => ({
  template: storedTemplate(template),
  recipientEmail: 'ana@example.com',
  actorName: 'Ben',
  postTitle: 'Hello',
});

const POST = '20000000-0000-4000-8000-000000000001';
const OTHER_POST = '20000000-0000-4000-8000-000000000002';
const SITE = 'https://agora.example';
/** A text that mentions nobody reads no member to mention; a new post quotes nothing. */
const noMentions = {
  mentionable: [],
  mentionEmail: { template: null, authorName: 'Ana' },
  quoted: null,
};
const COMMENT = '30000000-0000-4000-8000-000000000001';
const REPLY = '30000000-0000-4000-8000-000000000002';

const postNotFound = refusedAs.notFound(postsMessages.postNotFound);
const commentNotFound = refusedAs.notFound(postsMessages.commentNotFound);

type PostState = NonNullable<StateOf<typeof editPost>['post']>;
/** Ana's published post as the post commands read it. */
const anasPost = (over: Partial<PostState> = {}): PostState => ({
  ...aPostRow(POST, ANA),
  mentions: [],
  stream_version: 2,
  visible: true,
  media_ids: [],
  ...over,
});

describe('reading time', () => {
  it('counts whitespace-separated words and rounds minutes up at 200 words a minute', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  one\ttwo\n\nthree  ')).toBe(3);
    expect(readTime(0)).toBe(0);
    expect(readTime(1)).toBe(1);
    expect(readTime(200)).toBe(1);
    expect(readTime(201)).toBe(2);
  });
});

describe('creating a post', () => {
  const when = (post: object) => ({
    authorId: ANA,
    postId: POST,
    post: createPostSchema.parse(post),
    publicUrl: SITE,
  });

  it('saves a draft with nothing filled in, numbered after the author’s last post', async () => {
    const decision = await decide(createPost, { lastNumber: 4, ...noMentions }, when({}), by(ANA));
    expect(decision.appends).toEqual([
      { streamId: `post-${POST}`, expectedVersion: 0, types: ['PostDrafted'] },
    ]);
    expect(decision.events[0]!.data).toMatchObject({
      number: 5,
      status: 'draft',
      visibility: 'public',
      allowComments: true,
      wordCount: 0,
      readTime: 0,
    });
    // The author's lock and the re-checked number keep two posts from sharing a number.
    expect(decision.guards).toBe(2);
    expect(decision.reply).toBe(true);
  });

  it('publishes at once, with its words counted', async () => {
    const content = Array.from({ length: 201 }, () => 'word').join(' ');
    const decision = await decide(
      createPost,
      { lastNumber: 0, ...noMentions },
      when({ title: 'T', content, status: 'published' }),
      by(ANA),
    );
    expect(decision.appends[0]!.types).toEqual(['PostDrafted', 'PostPublished']);
    expect(decision.events[0]!.data).toMatchObject({ number: 1, wordCount: 201, readTime: 2 });
  });

  it('keeps a private post out of publication', async () => {
    const decision = await decide(
      createPost,
      { lastNumber: 0, ...noMentions },
      when({ status: 'private' }),
    );
    expect(decision.appends[0]!.types).toEqual(['PostDrafted']);
    expect(decision.events[0]!.data).toMatchObject({ status: 'private' });
  });

  it('refuses to publish without a title before looking at the content', async () => {
    const refused = await refusal(
      createPost,
      { lastNumber: 0, ...noMentions },
      when({ title: ' ', content: '', status: 'published' }),
    );
    expect(refused).toEqual(
      refusedAs.invalid('title-required', postsMessages.titleRequired, {
        title: postsMessages.titleRequiredTitle,
      }),
    );
  });

  it('refuses to publish without content', async () => {
    const refused = await refusal(
      createPost,
      { lastNumber: 0, ...noMentions },
      when({ title: 'T', content: '\u200b ', status: 'published' }),
    );
    expect(refused).toEqual(
      refusedAs.invalid('content-required', postsMessages.contentRequired, {
        content: postsMessages.contentRequiredTitle,
      }),
    );
  });
});

describe('editing and deleting a post', () => {
  const patch = (body: object) => patchPostSchema.parse(body);

  it('lets only the author edit or delete: 403 for a member who sees it, 404 for one who does not', async () => {
    expect(
      await refusal(
        editPost,
        { post: anasPost(), ...noMentions },
        { actorId: BEN, postId: POST, publicUrl: SITE, patch: patch({ title: 'x' }) },
      ),
    ).toEqual(refusedAs.forbidden('not-author', postsMessages.notYourPost));
    expect(
      await refusal(
        deletePost,
        { post: anasPost({ visible: false }), quoted: null },
        { actorId: BEN, postId: POST },
      ),
    ).toEqual(postNotFound);
    expect(
      await refusal(deletePost, { post: undefined, quoted: null }, { actorId: ANA, postId: POST }),
    ).toEqual(postNotFound);
  });

  it('appends an edit with the whole new content at the version read', async () => {
    const decision = await decide(
      editPost,
      { post: anasPost(), ...noMentions },
      {
        actorId: ANA,
        postId: POST,
        publicUrl: SITE,
        patch: patch({ content: 'a b', visibility: 'friendsOnly' }),
      },
    );
    expect(decision.appends).toEqual([
      { streamId: `post-${POST}`, expectedVersion: 2, types: ['PostEdited'] },
    ]);
    expect(decision.events[0]!.data).toMatchObject({
      title: 'Hello',
      content: 'a b',
      visibility: 'friendsOnly',
      status: 'published',
      wordCount: 2,
    });
  });

  it('appends nothing when nothing changes', async () => {
    const decision = await decide(
      editPost,
      { post: anasPost(), ...noMentions },
      { actorId: ANA, postId: POST, publicUrl: SITE, patch: patch({ title: 'Hello' }) },
    );
    expect(decision.appends).toEqual([]);
  });

  it('publishes a draft with its own event, checking the post as it will be', async () => {
    const draft = anasPost({ status: 'draft', title: '', published_at: null });
    expect(
      await refusal(
        editPost,
        { post: draft, ...noMentions },
        { actorId: ANA, postId: POST, publicUrl: SITE, patch: patch({ status: 'published' }) },
      ),
    ).toMatchObject({ code: 'title-required' });
    const decision = await decide(
      editPost,
      { post: draft, ...noMentions },
      {
        actorId: ANA,
        postId: POST,
        publicUrl: SITE,
        patch: patch({ title: 'Now', status: 'published' }),
      },
    );
    expect(decision.appends[0]!.types).toEqual(['PostEdited', 'PostPublished']);
    expect(decision.events[0]!.data).toMatchObject({ title: 'Now', status: 'draft' });
  });

  it('takes a published post back to draft by an edit', async () => {
    const decision = await decide(
      editPost,
      { post: anasPost(), ...noMentions },
      { actorId: ANA, postId: POST, publicUrl: SITE, patch: patch({ status: 'draft' }) },
    );
    expect(decision.appends[0]!.types).toEqual(['PostEdited']);
    expect(decision.events[0]!.data).toMatchObject({ status: 'draft' });
  });

  it('deletes the author’s post', async () => {
    const decision = await decide(
      deletePost,
      { post: anasPost(), quoted: null },
      { actorId: ANA, postId: POST },
    );
    expect(decision.appends).toEqual([
      { streamId: `post-${POST}`, expectedVersion: 2, types: ['PostDeleted'] },
    ]);
  });

  it('deletes a quote with QuoteDeleted after it, for the quoted post’s author', async () => {
    const quoted = { postId: OTHER_POST, postAuthorId: BEN, stillQuotes: false };
    const decision = await decide(
      deletePost,
      { post: anasPost(), quoted },
      { actorId: ANA, postId: POST },
    );
    expect(decision.appends[0]!.types).toEqual(['PostDeleted', 'QuoteDeleted']);
    expect(decision.events[1]!.data).toEqual({
      postId: OTHER_POST,
      userId: ANA,
      postAuthorId: BEN,
      quotePostId: POST,
      stillQuotes: false,
    });
  });
});

describe('likes, saves and shares', () => {
  const seen = {
    id: POST,
    author_id: ANA,
    allow_sharing: true,
    visible: true,
    share_admitted: true,
  };

  it('likes once: a second like appends nothing and still answers the count', async () => {
    const first = await decide(
      setPostLike,
      { post: { ...seen, liked: false, version: 2, email: noEmail } },
      { userId: BEN, postId: POST, like: true },
    );
    expect(first.appends).toEqual([
      { streamId: `post-like-${POST}-${BEN}`, expectedVersion: 2, types: ['PostLiked'] },
    ]);
    const again = await decide(
      setPostLike,
      { post: { ...seen, liked: true, version: 3, email: noEmail } },
      { userId: BEN, postId: POST, like: true },
    );
    expect(again).toMatchObject({ appends: [], reply: true });
    const unlike = await decide(
      setPostLike,
      { post: { ...seen, liked: true, version: 3, email: noEmail } },
      { userId: BEN, postId: POST, like: false },
    );
    expect(unlike.appends[0]!.types).toEqual(['PostUnliked']);
  });

  it('refuses every reaction to a post the member may not see as not found', async () => {
    const hidden = { ...seen, visible: false };
    expect(
      await refusal(
        setPostLike,
        { post: { ...hidden, liked: false, version: 0, email: noEmail } },
        { userId: BEN, postId: POST, like: true },
      ),
    ).toEqual(postNotFound);
    expect(
      await refusal(
        setPostSave,
        { post: undefined, saved: false, version: 0 },
        { userId: BEN, postId: POST, save: true },
      ),
    ).toEqual(postNotFound);
    expect(
      await refusal(
        sharePost,
        { post: hidden, version: 0, email: noEmail },
        { userId: BEN, postId: POST, channel: 'x' },
      ),
    ).toEqual(postNotFound);
  });

  it('saves idempotently', async () => {
    const saved = await decide(
      setPostSave,
      { post: seen, saved: true, version: 1 },
      { userId: BEN, postId: POST, save: true },
    );
    expect(saved).toMatchObject({ appends: [], result: { postId: POST, savedByMe: true } });
  });

  it('counts every share, unless the author turned sharing off', async () => {
    const shared = await decide(
      sharePost,
      { post: seen, version: 4, email: noEmail },
      { userId: BEN, postId: POST, channel: 'facebook' },
    );
    expect(shared.events).toEqual([
      {
        type: 'PostShared',
        data: { postId: POST, userId: BEN, postAuthorId: ANA, channel: 'facebook' },
      },
    ]);
    expect(
      await refusal(
        sharePost,
        { post: { ...seen, allow_sharing: false }, version: 0, email: noEmail },
        { userId: BEN, postId: POST, channel: 'link' },
      ),
    ).toEqual(refusedAs.forbidden('sharing-off', postsMessages.sharingOff));
  });

  it('emails the author on a member’s first like and first share only, never their own', async () => {
    const like = (version: number, userId: string, email = wantsEmail(likeNotificationTemplate)) =>
      decide(
        setPostLike,
        { post: { ...seen, liked: false, version, email } },
        { userId, postId: POST, like: true },
      );
    const first = await like(0, BEN);
    expect(first.events).toEqual([
      { type: 'PostLiked', data: { postId: POST, userId: BEN, postAuthorId: ANA } },
    ]);
    expect(first.effects).toBeGreaterThan(0);
    expect((await like(2, BEN)).effects).toBe(0);
    expect((await like(0, ANA)).effects).toBe(0);
    expect((await like(0, BEN, noEmail)).effects).toBe(0);

    const share = (version: number) =>
      decide(
        sharePost,
        { post: seen, version, email: wantsEmail(contentSharedTemplate) },
        { userId: BEN, postId: POST, channel: 'link' },
      );
    expect((await share(0)).effects).toBeGreaterThan(0);
    expect((await share(1)).effects).toBe(0);
  });

  it('likes a comment once', async () => {
    const comment = { id: COMMENT, post_id: POST, visible: true };
    const again = await decide(
      setCommentLike,
      { comment, liked: true, version: 1 },
      { userId: BEN, commentId: COMMENT, like: true },
    );
    expect(again.appends).toEqual([]);
    expect(
      await refusal(
        setCommentLike,
        { comment: { ...comment, visible: false }, liked: false, version: 0 },
        { userId: BEN, commentId: COMMENT, like: true },
      ),
    ).toEqual(commentNotFound);
  });
});

describe('comments', () => {
  const post = {
    id: POST,
    author_id: ANA,
    title: 'Hello',
    allow_comments: true,
    visible: true,
    admitted: true,
  };
  const when = (over: { parentId?: string | null; content?: string } = {}) => ({
    authorId: BEN,
    postId: POST,
    commentId: REPLY,
    parentId: over.parentId ?? null,
    content: over.content ?? 'Nice!',
    publicUrl: SITE,
  });

  it('comments at depth 0 and replies one level below the parent', async () => {
    const top = await decide(
      addComment,
      { post, parent: undefined, ...noMentions, ...noMentions },
      when(),
    );
    expect(top.appends).toEqual([
      { streamId: `comment-${REPLY}`, expectedVersion: 0, types: ['CommentAdded'] },
    ]);
    expect(top.events[0]!.data).toMatchObject({ depth: 0, parentId: null, postAuthorId: ANA });
    const reply = await decide(
      addComment,
      { post, parent: { id: COMMENT, post_id: POST, depth: 2 }, ...noMentions },
      when({ parentId: COMMENT }),
    );
    expect(reply.events[0]!.data).toMatchObject({ depth: 3, parentId: COMMENT });
  });

  it('refuses a reply below depth 3', async () => {
    const refused = await refusal(
      addComment,
      { post, parent: { id: COMMENT, post_id: POST, depth: COMMENT_MAX_DEPTH }, ...noMentions },
      when({ parentId: COMMENT }),
    );
    expect(refused).toEqual(refusedAs.invalid('reply-too-deep', postsMessages.replyTooDeep));
  });

  it('refuses blank text, a parent on another post, and posts with comments off', async () => {
    expect(
      await refusal(
        addComment,
        { post, parent: undefined, ...noMentions },
        when({ content: ' \u200b' }),
      ),
    ).toEqual(
      refusedAs.invalid('blank-comment', postsMessages.commentBlank, {
        content: postsMessages.commentBlank,
      }),
    );
    expect(
      await refusal(
        addComment,
        { post, parent: { id: COMMENT, post_id: REPLY, depth: 0 }, ...noMentions },
        when({ parentId: COMMENT }),
      ),
    ).toMatchObject({ code: 'parent-not-on-post' });
    expect(
      await refusal(
        addComment,
        { post: { ...post, allow_comments: false }, parent: undefined, ...noMentions },
        when(),
      ),
    ).toEqual(refusedAs.forbidden('comments-off', postsMessages.commentsOff));
    expect(
      await refusal(
        addComment,
        { post: { ...post, visible: false }, parent: undefined, ...noMentions },
        when(),
      ),
    ).toEqual(postNotFound);
  });

  it('lets only the comment’s author edit or delete it, not the post’s author', async () => {
    const comment = {
      id: COMMENT,
      post_id: POST,
      author_id: BEN,
      content: 'Nice!',
      stream_version: 1,
      visible: true,
      mentions: [],
      post_title: 'Hello',
    };
    const notYours = refusedAs.forbidden('not-author', postsMessages.notYourComment);
    expect(await refusal(deleteComment, { comment }, { actorId: ANA, commentId: COMMENT })).toEqual(
      notYours,
    );
    expect(
      await refusal(
        editComment,
        { comment, ...noMentions },
        { actorId: ANA, commentId: COMMENT, content: 'x', publicUrl: SITE },
      ),
    ).toEqual(notYours);
    const edited = await decide(
      editComment,
      { comment, ...noMentions },
      { actorId: BEN, commentId: COMMENT, content: 'Nicer!', publicUrl: SITE },
    );
    expect(edited.appends).toEqual([
      { streamId: `comment-${COMMENT}`, expectedVersion: 1, types: ['CommentEdited'] },
    ]);
    const deleted = await decide(deleteComment, { comment }, { actorId: BEN, commentId: COMMENT });
    expect(deleted.appends[0]!.types).toEqual(['CommentDeleted']);
  });
});

describe('attached media', () => {
  const PHOTO = '40000000-0000-4000-8000-000000000001';
  const CLIP = '40000000-0000-4000-8000-000000000002';

  it('carries the attached files into every edit, and checks new ones at commit', async () => {
    const post = anasPost({ media_ids: [PHOTO, CLIP] });
    const retitled = await decide(
      editPost,
      { post, ...noMentions },
      {
        actorId: ANA,
        postId: POST,
        publicUrl: SITE,
        patch: patchPostSchema.parse({ title: 'New' }),
      },
    );
    expect(retitled.events[0]!.data).toMatchObject({ title: 'New', mediaIds: [PHOTO, CLIP] });
    expect(retitled.guards).toBe(0);

    const reordered = await decide(
      editPost,
      { post, ...noMentions },
      {
        actorId: ANA,
        postId: POST,
        publicUrl: SITE,
        patch: patchPostSchema.parse({ mediaIds: [CLIP, PHOTO] }),
      },
    );
    expect(reordered.events[0]!.data).toMatchObject({ mediaIds: [CLIP, PHOTO] });
    // The files must still be the author's own images and videos when the edit commits.
    expect(reordered.guards).toBe(1);

    const same = await decide(
      editPost,
      { post, ...noMentions },
      {
        actorId: ANA,
        postId: POST,
        publicUrl: SITE,
        patch: patchPostSchema.parse({ mediaIds: [PHOTO, CLIP] }),
      },
    );
    expect(same.appends).toEqual([]);
  });

  it('drafts a post with its files in order, repeats dropped', async () => {
    const decision = await decide(
      createPost,
      { lastNumber: 0, ...noMentions },
      {
        authorId: ANA,
        postId: POST,
        post: createPostSchema.parse({ mediaIds: [CLIP, PHOTO, CLIP] }),
        publicUrl: SITE,
      },
    );
    expect(decision.events[0]!.data).toMatchObject({ mediaIds: [CLIP, PHOTO] });
    // The author's lock, the re-checked number and the files' owner.
    expect(decision.guards).toBe(3);
  });
});
