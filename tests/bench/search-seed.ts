import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The common word is in about this share of the posts, the rare one in about this. */
export const COMMON_SHARE = 0.1;
export const RARE_SHARE = 0.001;

export interface SearchWordSettings {
  /** Distinct words the seeded posts draw from, rank 1 the most frequent (Zipf-like). */
  vocabulary: number;
  wordsPerPost: number;
}

export interface SearchWord {
  word: string;
  rank: number;
  /** Seeded posts holding the word, whoever may read them. */
  posts: number;
}

export interface SearchWords {
  common: SearchWord;
  rare: SearchWord;
  /** Every post in the database after the seed. */
  totalPosts: number;
  /** Drawing the words and writing them into the posts. */
  wordsSeconds: number;
  /** Writing every post's search document, as the posts projection does (`post_search`). */
  documentsSeconds: number;
}

/** Probability that one draw gives the word of rank r: ln((r+1)/r) / ln(V+1), about 1/r. */
const drawShare = (rank: number, vocabulary: number) =>
  Math.log((rank + 1) / rank) / Math.log(vocabulary + 1);

/** The rank whose expected share of posts (holding it at least once) is nearest `share`. */
function rankNear(share: number, settings: SearchWordSettings): number {
  let best = 1;
  for (let rank = 1; rank <= settings.vocabulary; rank++) {
    const expected = 1 - (1 - drawShare(rank, settings.vocabulary)) ** settings.wordsPerPost;
    const bestExpected = 1 - (1 - drawShare(best, settings.vocabulary)) ** settings.wordsPerPost;
    if (Math.abs(expected - share) < Math.abs(bestExpected - share)) best = rank;
  }
  return best;
}

const SYLLABLES = 'ba de ki lo mu ra se ti vo zu na pe gi ho ju fa we yo ci du'.split(' ');

/** Made-up words, four consonant-vowel syllables: no English stop word, no two sharing a stem. */
function vocabulary(size: number): string[] {
  if (size > SYLLABLES.length ** 4) throw new Error('vocabulary too large');
  return Array.from({ length: size }, (_, i) =>
    [i % 20, Math.floor(i / 20) % 20, Math.floor(i / 400) % 20, Math.floor(i / 8000) % 20]
      .map((n) => SYLLABLES[n])
      .join(''),
  );
}

/**
 * Gives the posts of `authorIds` words to search, set-based: the feed's seed writes the same
 * `lorem ipsum` into every post. `wordsPerPost` draws per post from a vocabulary of made-up
 * words, rank r with probability about 1/r (Zipf-like), in one UPDATE. Then every post's search
 * document from its row, with the expression the posts projection writes
 * (`writeSearchDocument`): the same rows a replay of the posts' events would leave. The GIN
 * index is built once after the rows rather than grown row by row, as a bulk load does.
 */
export async function seedSearchWords(
  databaseUrl: string,
  settings: SearchWordSettings,
  authorIds: readonly string[],
): Promise<SearchWords> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const words = vocabulary(settings.vocabulary);
    // The subquery names the row (`p.id`), so it is drawn again for every post.
    await client.query(
      `update posts p set word_count = $3::int, content = (
         select string_agg(($2::text[])[least($4::int,
           floor(exp(random() * ln($4::int + 1)))::int)], ' ')
         from generate_series(1, $3::int) where p.id is not null)
       where p.author_id = any($1::uuid[])`,
      [authorIds, words, settings.wordsPerPost, settings.vocabulary],
    );
    const wordsSeconds = (performance.now() - started) / 1000;

    const documentsStarted = performance.now();
    const { rows: indexes } = await client.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'post_search_document'`,
    );
    await client.query('drop index if exists post_search_document');
    // In publication order, as the projection writes them on a live site: the feed's seed
    // writes the posts grouped by author, and documents copied in that order would put the
    // newest few thousand, which a common word's search walks, on as many different pages.
    await client.query(
      `insert into post_search (post_id, created_at, document,
         author_id, visibility, status, moderation_state, deleted_at)
       select id, created_at, agora_post_search(title, tags, content),
         author_id, visibility, status, moderation_state, deleted_at
       from posts
       order by created_at, id
       on conflict (post_id) do update set document = excluded.document`,
    );
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.indexdef);
    const documentsSeconds = (performance.now() - documentsStarted) / 1000;
    // As autovacuum would have left them: statistics (the word frequencies the planner reads
    // to choose between the GIN index and the walk by date) and the visibility map.
    for (const table of ['posts', 'post_search']) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    const { rows: counts } = await client.query<{ total: number }>(
      'select count(*)::int as total from posts',
    );
    const counted = async (rank: number): Promise<SearchWord> => {
      const word = words[rank - 1]!;
      const { rows } = await client.query<{ posts: number }>(
        `select count(*)::int as posts from post_search
         where document @@ to_tsquery('english', $1)`,
        [word],
      );
      return { word, rank, posts: rows[0]!.posts };
    };
    return {
      common: await counted(rankNear(COMMON_SHARE, settings)),
      rare: await counted(rankNear(RARE_SHARE, settings)),
      totalPosts: counts[0]!.total,
      wordsSeconds,
      documentsSeconds,
    };
  } finally {
    await client.end();
  }
}
