import { contentMessages, type ExportRecord } from '../../shared/content';
import { postsMessages } from '../../shared/posts';
import { csvRecord, jsonExport } from '../../server/domains/content/content-export';
import { presentExport, type ExportRow } from '../../server/domains/content/content-presenter';
import {
  batchRefusal,
  mergedMetadata,
  validateImport,
} from '../../server/domains/content/content-rules';
import { uuidv7 } from '../../server/domains/content/uuidv7';
import { DomainError } from '../../server/core/errors';

const row = (over: Partial<ExportRow> = {}): ExportRow => ({
  title: 'Title',
  content: 'Words',
  excerpt: '',
  content_type: 'article',
  status: 'published',
  visibility: 'public',
  comment_audience: 'friendsOnly',
  share_audience: 'public',
  tags: ['a', 'b'],
  categories: [],
  featured_image: null,
  location: null,
  seo_title: '',
  seo_description: '',
  allow_comments: true,
  allow_sharing: false,
  metadata: { z: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } },
  created_at: new Date('2026-11-01T10:00:00.123Z'),
  published_at: new Date('2026-11-01T10:05:00.000Z'),
  edited_at: null,
  ...over,
});

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

async function* rowsOf(rows: ExportRow[]): AsyncGenerator<ExportRow> {
  for (const r of rows) yield r;
}

describe('the export record', () => {
  it('writes keys in a fixed order and metadata sorted at every depth', () => {
    const record = presentExport(row());
    expect(Object.keys(record)).toEqual([
      'title',
      'content',
      'excerpt',
      'type',
      'status',
      'visibility',
      'permissions',
      'tags',
      'categories',
      'featuredImage',
      'location',
      'seoTitle',
      'seoDescription',
      'allowComments',
      'allowSharing',
      'metadata',
      'createdAt',
      'publishedAt',
      'editedAt',
    ]);
    expect(JSON.stringify(record.metadata)).toBe('{"a":{"c":[3,{"e":0,"f":1}],"d":2},"z":1}');
  });

  it('is read back by the import exactly as written', () => {
    const written = JSON.parse(JSON.stringify(presentExport(row()))) as ExportRecord;
    expect(validateImport([written])).toEqual([written]);
  });

  it('streams JSON as the import body, empty or not', async () => {
    expect(await collect(jsonExport(rowsOf([])))).toBe('{"content":[]}\n');
    const text = await collect(jsonExport(rowsOf([row(), row({ title: 'Two' })])));
    expect(text.split('\n')).toHaveLength(5);
    expect((JSON.parse(text) as { content: unknown[] }).content).toHaveLength(2);
  });

  it('quotes CSV cells and defuses formulas', () => {
    const line = csvRecord(row({ title: '=1+1', content: 'a, "b"' }));
    expect(
      line.startsWith(`'=1+1,"a, ""b""",,article,published,public,friendsOnly,public,a;b,`),
    ).toBe(true);
    expect(line.endsWith('\r\n')).toBe(true);
  });
});

describe('import validation', () => {
  const good = JSON.parse(JSON.stringify(presentExport(row()))) as Record<string, unknown>;

  it('lists every bad record by index and why', () => {
    const error = refusal(() =>
      validateImport([
        good,
        { ...good, type: 'poem' },
        { ...good, title: ' ' },
        { ...good, content: '' },
        { ...good, publishedAt: null },
        42,
        { ...good, unknown: 1 },
      ]),
    );
    expect(error.code).toBe('import-refused');
    expect(Object.keys(error.fields ?? {})).toEqual([
      'content.1',
      'content.2',
      'content.3',
      'content.4',
      'content.5',
      'content.6',
    ]);
    expect(error.fields?.['content.2']).toContain(postsMessages.titleRequired);
    expect(error.fields?.['content.3']).toContain(postsMessages.contentRequired);
    expect(error.fields?.['content.4']).toContain(contentMessages.publishedAtRequired);
    expect(error.message).toContain('record 5');
  });

  it('takes a draft with nothing in it', () => {
    const draft = { ...good, title: '', content: '', status: 'draft', publishedAt: null };
    expect(validateImport([draft])).toHaveLength(1);
  });
});

describe('metadata', () => {
  it('sets keys, removes keys set to null, keeps the rest', () => {
    expect(mergedMetadata({ a: 1, b: 2 }, { b: null, c: [1] })).toEqual({ a: 1, c: [1] });
  });

  it('refuses a result past the limits', () => {
    const full = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(refusal(() => mergedMetadata(full, { extra: 1 })).message).toBe(
      contentMessages.metadataTooManyKeys,
    );
    expect(refusal(() => mergedMetadata({}, { big: 'x'.repeat(17_000) })).message).toBe(
      contentMessages.metadataTooLarge,
    );
  });
});

describe('batches', () => {
  it('name each refused item by index and id', () => {
    const error = batchRefusal([
      { index: 0, id: 'a', message: 'Content not found' },
      { index: 3, id: 'b', message: 'Nope' },
    ]);
    expect(error.code).toBe('batch-refused');
    expect(error.fields).toEqual({ 'items.0': 'a: Content not found', 'items.3': 'b: Nope' });
  });
});

describe('uuidv7', () => {
  it('is a version 7 UUID that sorts by time', () => {
    const early = uuidv7(1_700_000_000_000);
    const late = uuidv7(1_700_000_000_001);
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(early.slice(0, 13)).toBe('018bcfe5-6800');
  });
});
