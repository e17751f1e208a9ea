import fc from 'fast-check';
import { postsMessages, type Comment, type Post, type PostMedia } from '../../../shared/posts';
import {
  applyCommentLike,
  nestComments,
  removeComment,
  upsertComment,
  type CommentNode,
} from '../../../web/features/posts/commentThread';
import {
  commentRefusal,
  commentToSend,
  composerKeyAction,
} from '../../../web/features/posts/post-page/composerKeys';
import { isNotFound } from '../../../web/features/posts/post-page/postPageText';
import { postCountsText, postHeading } from '../../../web/features/posts/post-page/postView';
import {
  canReply,
  commentsCountText,
  countReplies,
  focusesComment,
  isOwnComment,
  repliesToggleLabel,
  revealReplies,
  toggleReplies,
} from '../../../web/features/posts/post-page/threadView';
import {
  OTHER_VIDEOS_MAX,
  otherVideos,
  selectedVideoPost,
  videoOf,
} from '../../../web/features/posts/video/videoPick';
import { aPost } from '../../support/post-fixture';

const POST = '10000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-000000000002';
const BO = '00000000-0000-4000-8000-000000000003';
const uuid = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function comment(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id: uuid(n),
    postId: POST,
    parentId: null,
    depth: 0,
    author: { id: ANA, username: 'ana', displayName: 'Ana', avatar: null },
    content: `Comment ${n}`,
    likes: 0,
    likedByMe: false,
    createdAt: new Date(Date.UTC(2026, 10, 23, 10, 0, n)).toISOString(),
    editedAt: null,
    linkPreview: null,
    mentions: [],
    version: 1,
    ...overrides,
  };
}

/** A comment, a reply to it, a reply to that, and one more: depths 0 to 3. */
function chain(): Comment[] {
  const thread: Comment[] = [comment(1)];
  for (let depth = 1; depth <= 3; depth += 1) {
    thread.push(comment(depth + 1, { parentId: uuid(depth), depth }));
  }
  return thread;
}

function media(kind: 'image' | 'video', n: number): PostMedia {
  return {
    id: uuid(100 + n),
    key: `${uuid(100 + n)}.${kind === 'video' ? 'mp4' : 'jpg'}`,
    name: `file-${n}`,
    mimeType: kind === 'video' ? 'video/mp4' : 'image/jpeg',
    url: `/cdn/${uuid(100 + n)}`,
    thumbnailUrl: null,
    posterUrl: null,
    dimensions: null,
    duration: null,
    description: '',
    kind,
  };
}

function post(n: number, overrides: Partial<Post> = {}): Post {
  return aPost({
    id: uuid(500 + n),
    number: n,
    author: { id: ANA, username: 'ana', displayName: 'Ana', avatar: null },
    title: `Post ${n}`,
    media: [media('video', n)],
    ...overrides,
  });
}

function walk(nodes: CommentNode[], visit: (node: CommentNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.replies, visit);
  }
}

describe('comment box keys (001 §5)', () => {
  const key = (key: string, shiftKey = false, isComposing = false) =>
    composerKeyAction({ key, shiftKey, isComposing });

  it('submits on Enter and adds a line on Shift+Enter', () => {
    expect(key('Enter')).toBe('submit');
    expect(key('Enter', true)).toBe('type');
  });

  it('leaves Enter to an input method that is composing', () => {
    expect(key('Enter', false, true)).toBe('type');
    expect(key('Escape', false, true)).toBe('type');
  });

  it('cancels on Escape and types everything else', () => {
    expect(key('Escape')).toBe('cancel');
    for (const other of ['a', ' ', 'Tab', 'Backspace', 'ArrowUp']) expect(key(other)).toBe('type');
  });
});

describe('comment text', () => {
  it("refuses blank text with the server's own message", () => {
    for (const blank of ['', '   ', '\n\n', '\t \n', '\u200b', '\u3164', '\u2800 ']) {
      expect(commentRefusal(blank)).toBe(postsMessages.commentBlank);
    }
  });

  it('accepts any visible text and sends it without surrounding space', () => {
    expect(commentRefusal(' hi ')).toBeNull();
    expect(commentToSend('  first line\nsecond line \n')).toBe('first line\nsecond line');
  });
});

describe('which comments offer Reply (001 §4: nesting to depth 3)', () => {
  it('offers Reply at depths 0 to 2 and never at depth 3', () => {
    const offered: number[] = [];
    walk(nestComments(chain()), ({ comment: c }) => {
      if (canReply(c, true)) offered.push(c.depth);
    });
    expect(offered).toEqual([0, 1, 2]);
  });

  it('offers no Reply at all while comments are closed', () => {
    for (const c of chain()) expect(canReply(c, false)).toBe(false);
  });
});

describe('edit and delete for the author only (001 §6)', () => {
  it("offers them on the viewer's own comments", () => {
    expect(isOwnComment(comment(1), ANA)).toBe(true);
    expect(isOwnComment(comment(1), BO)).toBe(false);
    expect(isOwnComment(comment(1), null)).toBe(false);
  });
});

describe('hiding and showing replies', () => {
  it('counts every reply under a comment, however deep', () => {
    const [root] = nestComments([...chain(), comment(9, { parentId: uuid(1), depth: 1 })]);
    expect(countReplies(root!)).toBe(4);
    expect(countReplies(root!.replies[0]!)).toBe(2);
  });

  it('toggles one comment without touching the others', () => {
    const hidden = toggleReplies(new Set([uuid(2)]), uuid(1));
    expect([...hidden].sort()).toEqual([uuid(1), uuid(2)]);
    expect([...toggleReplies(hidden, uuid(1))]).toEqual([uuid(2)]);
  });

  it('shows the replies of a comment the viewer just answered', () => {
    const hidden = new Set([uuid(1), uuid(2)]);
    expect([...revealReplies(hidden, uuid(1))]).toEqual([uuid(2)]);
    expect(revealReplies(hidden, uuid(3))).toBe(hidden);
  });

  it('labels the toggle with the count', () => {
    expect(repliesToggleLabel(1, true)).toBe('Show 1 reply');
    expect(repliesToggleLabel(3, true)).toBe('Show 3 replies');
    expect(repliesToggleLabel(3, false)).toBe('Hide 3 replies');
    expect(commentsCountText(1)).toBe('1 comment');
    expect(commentsCountText(0)).toBe('0 comments');
  });
});

describe('?focus=comment (000 §2)', () => {
  it('focuses the comment box only when asked', () => {
    expect(focusesComment('?focus=comment')).toBe(true);
    expect(focusesComment('?x=1&focus=comment')).toBe(true);
    expect(focusesComment('')).toBe(false);
    expect(focusesComment('?focus=share')).toBe(false);
  });
});

describe('the cached thread', () => {
  it('nests replies under their parents, oldest first', () => {
    const roots = nestComments([...chain(), comment(5)]);
    expect(roots.map((node) => node.comment.id)).toEqual([uuid(1), uuid(5)]);
    expect(roots[0]!.replies[0]!.replies[0]!.replies[0]!.comment.depth).toBe(3);
  });

  it('shows a reply whose parent is missing at the top', () => {
    const roots = nestComments([comment(2, { parentId: uuid(99), depth: 1 })]);
    expect(roots.map((node) => node.comment.id)).toEqual([uuid(2)]);
  });

  it('puts a new comment in time order and ignores an older or repeated state', () => {
    const thread = [comment(1), comment(3)];
    upsertComment(thread, comment(2));
    expect(thread.map((c) => c.id)).toEqual([uuid(1), uuid(2), uuid(3)]);
    upsertComment(thread, comment(2, { content: 'edited', version: 2 }));
    upsertComment(thread, comment(2, { content: 'stale', version: 1 }));
    upsertComment(thread, comment(2, { content: 'again', version: 2 }));
    expect(thread[1]!.content).toBe('edited');
    expect(thread).toHaveLength(3);
  });

  it('removes a comment with every reply under it', () => {
    const thread = [...chain(), comment(5)];
    removeComment(thread, uuid(2));
    expect(thread.map((c) => c.id)).toEqual([uuid(1), uuid(5)]);
  });

  it("keeps the viewer's like whatever the version, and the newest count", () => {
    const thread = [comment(1, { likes: 2, version: 5 })];
    applyCommentLike(thread, { commentId: uuid(1), likes: 1, version: 4, likedByMe: true });
    expect(thread[0]).toMatchObject({ likes: 2, version: 5, likedByMe: true });
    applyCommentLike(thread, { commentId: uuid(1), likes: 3, version: 6 });
    expect(thread[0]).toMatchObject({ likes: 3, version: 6, likedByMe: true });
  });

  it('nests every comment exactly once, under its parent, for any thread', () => {
    // Each comment answers one made before it (or the post), as the server orders them.
    const parents = fc.array(fc.nat(), { maxLength: 40 });
    fc.assert(
      fc.property(parents, fc.nat(), (picks, removedPick) => {
        const thread: Comment[] = [];
        picks.forEach((pick, i) => {
          const parent = pick % (i + 1) === i ? undefined : thread[pick % (i + 1)];
          const depth = parent ? parent.depth + 1 : 0;
          thread.push(comment(i + 1, { parentId: parent?.id ?? null, depth }));
        });
        const seen: string[] = [];
        walk(nestComments(thread), (node) => {
          seen.push(node.comment.id);
          for (const reply of node.replies) expect(reply.comment.parentId).toBe(node.comment.id);
        });
        expect(seen.sort()).toEqual(thread.map((c) => c.id).sort());

        if (thread.length === 0) return;
        const removed = thread[removedPick % thread.length]!;
        const [subtree] = nestComments(thread.slice(thread.indexOf(removed))).filter(
          (node) => node.comment.id === removed.id,
        );
        const left = [...thread];
        removeComment(left, removed.id);
        expect(left).toHaveLength(thread.length - 1 - countReplies(subtree!));
        expect(left.some((c) => c.id === removed.id)).toBe(false);
      }),
    );
  });
});

describe('the post page', () => {
  it('names a post without a title by its author', () => {
    expect(postHeading(post(1))).toBe('Post 1');
    expect(postHeading(post(1, { title: '  ' }))).toBe('Post by Ana');
  });

  it('counts likes, comments, shares and views in words', () => {
    expect(postCountsText({ likes: 1, comments: 0, shares: 2, views: 1 })).toBe(
      '1 like · 0 comments · 2 shares · 1 view',
    );
  });

  it("shows 'Post not found' for a 404 only", () => {
    expect(isNotFound({ status: 404, data: {} })).toBe(true);
    expect(isNotFound({ status: 500, data: {} })).toBe(false);
    expect(isNotFound({ status: 'FETCH_ERROR', error: 'offline' })).toBe(false);
    expect(isNotFound({ message: 'boom' })).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});

describe('the video page', () => {
  const videos = Array.from({ length: 9 }, (_, i) => post(i + 1));
  const textOnly = post(20, { media: [] });
  const imageOnly = post(21, { media: [media('image', 21)] });

  it("plays the post's first video", () => {
    const both = post(1, { media: [media('image', 1), media('video', 2)] });
    expect(videoOf(both)?.id).toBe(uuid(102));
    expect(videoOf(imageOnly)).toBeUndefined();
  });

  it('selects the named post if it has a video, else the newest without an id', () => {
    expect(selectedVideoPost(videos[3]!.id, videos[3], videos)).toBe(videos[3]);
    expect(selectedVideoPost(textOnly.id, textOnly, videos)).toBeUndefined();
    expect(selectedVideoPost(uuid(999), undefined, videos)).toBeUndefined();
    expect(selectedVideoPost(undefined, undefined, videos)).toBe(videos[0]);
    expect(selectedVideoPost(undefined, undefined, [])).toBeUndefined();
  });

  it('offers up to six other videos, never the selected one', () => {
    const others = otherVideos([...videos, textOnly, imageOnly], videos[0]!.id);
    expect(others).toHaveLength(OTHER_VIDEOS_MAX);
    expect(OTHER_VIDEOS_MAX).toBe(6);
    expect(others.map((p) => p.id)).toEqual(videos.slice(1, 7).map((p) => p.id));
    expect(otherVideos(videos.slice(0, 3), videos[1]!.id).map((p) => p.id)).toEqual([
      videos[0]!.id,
      videos[2]!.id,
    ]);
  });
});
