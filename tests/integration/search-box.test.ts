import { jest } from '@jest/globals';
import { sql } from 'kysely';
import request from 'supertest';
import type { Community } from '../../shared/communities';
import type { Post, PostVisibility } from '../../shared/posts';
import {
  searchQuerySchema,
  type SearchPage,
  type SearchSuggestions,
  type SearchType,
} from '../../shared/search';
import { hasFewMatches } from '../../server/domains/search/few-matches';
import { readSearchPage } from '../../server/domains/search/search-read';
import { as, befriend, signUp, signUpMembers, type TestMember } from '../support/factories';
import { useServerWithDatabase } from '../support/test-server';

/*
 * The search box (server/domains/search): suggestions grouped by kind, a results tab per kind
 * paged by cursor, and what each kind's visibility rules keep from a member who may not see it.
 */

// A hook copies a database and starts a server: seconds on a busy two-core machine.
jest.setTimeout(60_000);

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

/**
 * Each test its own word of random letters (full text keeps it whole), so no test finds
 * another's posts, and no member's name is similar enough to another test's to match it.
 */
const freshWord = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

async function publish(author: TestMember, content: string, visibility: PostVisibility = 'public') {
  const res = await api(author)
    .post('/posts', { title: 'A post', content, status: 'published', visibility })
    .expect(201);
  return res.body as Post;
}

async function community(member: TestMember, name: string, privacy = 'public') {
  const test = request(stack.server.url).post('/api/communities').set('cookie', member.cookie);
  for (const [field, value] of Object.entries({ name, category: 'hobbies', privacy })) {
    test.field(field, value);
  }
  const res = await test;
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.body as Community;
}

async function suggest(member: TestMember, q: string) {
  const res = await api(member)
    .get(`/search/suggestions?q=${encodeURIComponent(q)}`)
    .expect(200);
  return res.body as SearchSuggestions;
}

async function tab(member: TestMember, q: string, type: SearchType, rest = '') {
  const res = await api(member)
    .get(`/search?q=${encodeURIComponent(q)}&type=${type}${rest}`)
    .expect(200);
  return res.body as SearchPage;
}

/** Every page of a tab, `limit` at a time, as the ids (or tags) in the order they came. */
async function allPages(member: TestMember, q: string, type: SearchType, limit: number) {
  const keys: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page: SearchPage = await tab(
      member,
      q,
      type,
      `&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    sizes.push(page.items.length);
    keys.push(...page.items.map((item) => ('tag' in item ? item.tag : item.id)));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { keys, sizes };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('suggestions', () => {
  it('groups the best hits as people, posts, communities and tags', async () => {
    const word = freshWord();
    const ana = await signUp(stack.server, `${word}_ana`);
    const [ben] = await signUpMembers(stack.server, 1);
    const post = await publish(ana, `Notes on ${word} with #${word}tag`);
    const club = await community(ana, `The ${word} club`);
    // A member does not find themselves; another finds them.
    expect((await suggest(ana, word)).people).toEqual([]);
    const found = await suggest(ben, word);
    expect(ids(found.people)).toEqual([ana.id]);
    expect(found.people[0]).toMatchObject({ username: `${word}_ana` });
    expect(ids(found.posts)).toEqual([post.id]);
    expect(ids(found.communities)).toEqual([club.id]);
    expect(found.tags).toEqual([{ tag: `${word}tag` }]);
    // While one types, a name or a tag is found by its beginning and `#` names a tag; posts
    // are found by whole words.
    const typed = await suggest(ben, word.slice(0, -2));
    expect(ids(typed.people)).toEqual([ana.id]);
    expect(ids(typed.communities)).toEqual([club.id]);
    expect(typed.tags).toEqual([{ tag: `${word}tag` }]);
    expect(typed.posts).toEqual([]);
    expect(ids((await suggest(ben, `${word} notes`)).posts)).toEqual([post.id]);
    expect((await suggest(ben, `#${word.toUpperCase()}T`)).tags).toEqual([{ tag: `${word}tag` }]);
  });

  it('gives at most five of each kind', async () => {
    const word = freshWord();
    const [ana] = await signUpMembers(stack.server, 1);
    for (let i = 0; i < 7; i++) await publish(ana, `${word} number ${i} #${word}${'abcdefg'[i]}`);
    const found = await suggest(ana, word);
    expect(found.posts).toHaveLength(5);
    expect(found.tags).toHaveLength(5);
  });
});

describe('visibility', () => {
  it('shows nobody a post, tag, member or community their rules keep from them', async () => {
    const word = freshWord();
    const author = await signUp(stack.server, `${word}_author`);
    const [friend, stranger, blocked] = await signUpMembers(stack.server, 3);
    await befriend(stack.server, author, friend);
    const open = await publish(author, `${word} for everyone`);
    const friendsOnly = await publish(author, `${word} for friends #${word}secret`, 'friendsOnly');
    await publish(author, `${word} for me #${word}mine`, 'private');
    const hidden = await community(author, `${word} hideout`, 'private');
    const club = await community(author, `${word} square`, 'public');
    await api(author).post('/friends/blocks', { userId: blocked.id }).expect(201);

    const byFriend = await suggest(friend, word);
    expect(ids(byFriend.posts)).toEqual([friendsOnly.id, open.id]);
    expect(byFriend.tags).toEqual([{ tag: `${word}secret` }]);
    expect(ids(byFriend.people)).toEqual([author.id]);

    const byStranger = await suggest(stranger, word);
    expect(ids(byStranger.posts)).toEqual([open.id]);
    // A tag only a friends-only (or private) post carries is not even named to a stranger.
    expect(byStranger.tags).toEqual([]);
    expect(ids(byStranger.communities)).toEqual([club.id]);
    expect((await tab(stranger, word, 'tags')).items).toEqual([]);
    expect(ids((await tab(stranger, word, 'communities')).items as Community[])).toEqual([club.id]);
    expect(ids((await tab(stranger, word, 'posts')).items as Post[])).toEqual([open.id]);

    // The member the author blocked finds neither the author nor anything they wrote.
    const byBlocked = await suggest(blocked, word);
    expect(byBlocked.people).toEqual([]);
    expect(byBlocked.posts).toEqual([]);
    expect((await tab(blocked, word, 'people')).items).toEqual([]);

    // The private community's member finds it.
    expect(ids((await suggest(author, word)).communities)).toEqual([hidden.id, club.id]);
  });
});

describe('results tabs', () => {
  it('page every kind by cursor with no duplicate and no gap', async () => {
    const word = freshWord();
    const [ana] = await signUpMembers(stack.server, 1);
    const people: string[] = [];
    for (let i = 0; i < 5; i++) people.push((await signUp(stack.server, `${word}_${i}`)).id);
    const posts: string[] = [];
    for (let i = 0; i < 7; i++) {
      posts.push((await publish(ana, `${word} post ${i} #${word}${'abcdefg'[i]}`)).id);
    }
    const clubs: string[] = [];
    for (let i = 0; i < 5; i++) clubs.push((await community(ana, `${word} club ${i}`)).id);

    const postPages = await allPages(ana, word, 'posts', 3);
    expect(postPages.sizes).toEqual([3, 3, 1]);
    expect(postPages.keys).toEqual([...posts].reverse());

    const tagPages = await allPages(ana, word, 'tags', 2);
    expect(tagPages.sizes).toEqual([2, 2, 2, 1]);
    expect(tagPages.keys).toEqual([...'abcdefg'].map((c) => `${word}${c}`));

    const clubPages = await allPages(ana, word, 'communities', 2);
    expect(clubPages.sizes).toEqual([2, 2, 1]);
    expect(clubPages.keys).toEqual(clubs);

    const peoplePages = await allPages(ana, word, 'people', 2);
    expect(peoplePages.sizes).toEqual([2, 2, 1]);
    expect(new Set(peoplePages.keys)).toEqual(new Set(people));
    expect(peoplePages.keys).toHaveLength(5);
  });

  it('keeps a post published after the first page out of the next ones', async () => {
    const word = freshWord();
    const [ana] = await signUpMembers(stack.server, 1);
    const older = [];
    for (let i = 0; i < 3; i++) older.push((await publish(ana, `${word} ${i}`)).id);
    const first = await tab(ana, word, 'posts', '&limit=2');
    await publish(ana, `${word} newer`);
    const second = await tab(ana, word, 'posts', `&limit=2&cursor=${first.nextCursor}`);
    expect([...ids(first.items as Post[]), ...ids(second.items as Post[])]).toEqual(
      [...older].reverse(),
    );
    expect(second.nextCursor).toBeNull();
  });

  it('pages posts written within one millisecond without skipping any', async () => {
    const word = freshWord();
    const [ana] = await signUpMembers(stack.server, 1);
    const posts: string[] = [];
    for (let i = 0; i < 3; i++) posts.push((await publish(ana, `${word} ${i}`)).id);
    // Imported or seeded posts can carry microseconds, which a JS Date would cut.
    for (const [i, id] of posts.entries()) {
      await sql`update post_search set created_at = ${`2026-01-01T00:00:00.000${i + 1}00Z`}::timestamptz
        where post_id = ${id}::uuid`.execute(db());
    }
    expect((await allPages(ana, word, 'posts', 1)).keys).toEqual([...posts].reverse());
  });

  it('pages posts the same whether it walks the newest documents or reads every match', async () => {
    const word = freshWord();
    const [ana, bob] = await signUpMembers(stack.server, 2);
    const expected: string[] = [];
    for (let i = 0; i < 5; i++) expected.push((await publish(ana, `${word} ${i}`)).id);
    // Not for the reader: the rules apply both ways.
    await publish(bob, `${word} private`, 'private');
    await publish(bob, `${word} for friends`, 'friendsOnly');
    const pages = async (few: boolean) => {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const query = searchQuerySchema.parse({ q: word, type: 'posts', limit: '2', cursor });
        const page = await readSearchPage(db(), ana.id, query, async () => few);
        keys.push(...ids(page.items as Post[]));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return keys;
    };
    expect(await pages(false)).toEqual([...expected].reverse());
    expect(await pages(true)).toEqual([...expected].reverse());
    // A handful of documents: the planner's estimate is far below the bound.
    expect(await hasFewMatches(db(), word)).toBe(true);
  });

  it('answers a blank, missing or too long text, and a foreign cursor, with a clear 400', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    for (const path of ['/search/suggestions', '/search']) {
      const blank = await api(ana).get(`${path}?q=%20%20`).expect(400);
      expect(blank.body.error.fields).toEqual({ q: 'Type something to search for.' });
      const missing = await api(ana).get(path).expect(400);
      expect(missing.body.error.fields).toEqual({ q: 'Type something to search for.' });
      const long = await api(ana)
        .get(`${path}?q=${'a'.repeat(101)}`)
        .expect(400);
      expect(long.body.error.fields).toEqual({ q: 'A search is at most 100 characters.' });
    }
    await api(ana).get('/search?q=hello&type=groups').expect(400);
    const garbage = await api(ana).get('/search?q=hello&type=posts&cursor=nonsense').expect(400);
    expect(garbage.body.error.code).toBe('bad-cursor');
    const forged = Buffer.from(JSON.stringify(['people', 0])).toString('base64url');
    await api(ana).get(`/search?q=hello&type=people&cursor=${forged}`).expect(400);
    const ofPosts = Buffer.from(
      JSON.stringify(['posts', new Date().toISOString(), ana.id]),
    ).toString('base64url');
    await api(ana).get(`/search?q=hello&type=posts&cursor=${ofPosts}`).expect(200);
    await api(ana).get(`/search?q=hello&type=tags&cursor=${ofPosts}`).expect(400);
    const other = Buffer.from(JSON.stringify(['tags', 'abc'])).toString('base64url');
    const foreign = await api(ana).get(`/search?q=hello&type=posts&cursor=${other}`).expect(400);
    expect(foreign.body.error.fields).toEqual({
      cursor: 'The cursor is not one this search gave.',
    });
  });

  it('answers a search that cannot finish in time 503 search-timeout', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const word = freshWord();
    await publish(ana, word);
    // Another transaction holds the documents locked past the search's statement timeout.
    const answered = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`lock table post_search in access exclusive mode`.execute(trx);
        const tabbed = await api(ana).get(`/search?q=${word}&type=posts`).expect(503);
        const box = await api(ana).get(`/search/suggestions?q=${word}`).expect(503);
        return [tabbed.body, box.body] as unknown[];
      });
    for (const body of answered) {
      expect(body).toEqual({
        error: { code: 'search-timeout', message: expect.stringContaining('took too long') },
      });
    }
    expect(ids((await suggest(ana, word)).posts)).toHaveLength(1);
  });
});
