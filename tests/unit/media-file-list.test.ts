import { createNextState } from '@reduxjs/toolkit';
import fc from 'fast-check';
import type { MediaFile } from '../../shared/media';
import { FileBook } from '../../web/features/media/fileBook';
import {
  applyChange,
  applyFile,
  belongsTo,
  compareFiles,
  inTab,
  listedFiles,
  removeFile,
  type FilesArg,
  type FilesData,
} from '../../web/features/media/fileList';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const OWNER = '00000000-0000-4000-8000-000000000001';

const idOf = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** File n was uploaded n hours before NOW, so a higher n sorts later in a list. */
function file(n: number, overrides: Partial<MediaFile> = {}): MediaFile {
  const id = idOf(n);
  return {
    id,
    key: `${id}.jpg`,
    name: `photo-${n}.jpg`,
    folder: 'images',
    kind: 'image',
    mimeType: 'image/jpeg',
    format: 'JPG',
    size: 1000 + n,
    sha256: 'a'.repeat(64),
    url: `http://127.0.0.1/cdn/${id}.jpg?exp=1&sig=x`,
    thumbnailUrl: `http://127.0.0.1/cdn/${id}.jpg?exp=1&sig=x&w=300&h=300&f=webp&q=80`,
    posterUrl: null,
    dimensions: { width: 400, height: 300 },
    duration: null,
    views: 0,
    isPublic: false,
    isStarred: false,
    isArchived: false,
    category: 'personal',
    tags: [],
    description: '',
    uploadedAt: new Date(NOW - n * 3600 * 1000).toISOString(),
    uploadedBy: { id: OWNER, name: 'Ana' },
    version: 1,
    ...overrides,
  };
}

function list(pages: MediaFile[][], lastHasMore = false): FilesData {
  return {
    pages: pages.map((files, i) => ({
      files,
      nextCursor: i < pages.length - 1 || lastHasMore ? `cursor-${i + 1}` : null,
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  };
}

const keys = (data: FilesData) => listedFiles(data).map((f) => f.name);
const images = (tab: FilesArg['tab']): FilesArg => ({ kind: 'image', tab });

/** Runs a mutation the way RTK Query does, through Immer. */
const produce = (data: FilesData, recipe: (draft: FilesData) => void) =>
  createNextState(data, recipe);

describe('library tabs (001 §4)', () => {
  it('all, starred and recent leave archived files out; archived shows only them', () => {
    const archived = file(1, { isArchived: true, isStarred: true });
    expect(['all', 'starred', 'recent'].map((t) => inTab(archived, t as 'all', NOW))).toEqual([
      false,
      false,
      false,
    ]);
    expect(inTab(archived, 'archived', NOW)).toBe(true);
    expect(inTab(file(2), 'archived', NOW)).toBe(false);
  });

  it('starred shows starred files; recent shows the last seven days', () => {
    expect(inTab(file(1, { isStarred: true }), 'starred', NOW)).toBe(true);
    expect(inTab(file(1), 'starred', NOW)).toBe(false);
    const sixDays = file(1, { uploadedAt: new Date(NOW - 6 * DAY).toISOString() });
    const eightDays = file(1, { uploadedAt: new Date(NOW - 8 * DAY).toISOString() });
    expect(inTab(sixDays, 'recent', NOW)).toBe(true);
    expect(inTab(eightDays, 'recent', NOW)).toBe(false);
    expect(inTab(eightDays, 'all', NOW)).toBe(true);
  });

  it('a list of one kind holds no other; a list without a kind holds every kind', () => {
    const video = file(1, { kind: 'video' });
    expect(belongsTo(video, images('all'), NOW)).toBe(false);
    expect(belongsTo(video, { kind: 'video', tab: 'all' }, NOW)).toBe(true);
    expect(belongsTo(video, { tab: 'all' }, NOW)).toBe(true);
  });

  it('orders newest upload first, the id breaking ties as the server does', () => {
    const same = file(1).uploadedAt;
    const a = file(1, { uploadedAt: same });
    const b = file(2, { uploadedAt: same });
    expect([file(3), file(1), file(2)].sort(compareFiles).map((f) => f.name)).toEqual([
      'photo-1.jpg',
      'photo-2.jpg',
      'photo-3.jpg',
    ]);
    // Equal times: the greater id first, as `(uploaded_at, id) desc`.
    expect([a, b].sort(compareFiles).map((f) => f.id)).toEqual([b.id, a.id]);
  });
});

describe('applying a newer state of a file to a list', () => {
  it('replaces the held copy in place when the state is newer', () => {
    const data = list([[file(1), file(2), file(3)]]);
    const next = produce(data, (d) =>
      applyFile(d, file(2, { views: 5, version: 2 }), images('all'), NOW),
    );
    expect(keys(next)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
    expect(listedFiles(next)[1]!.views).toBe(5);
  });

  it('ignores a state no newer than the one held (a late or repeated push)', () => {
    const data = list([[file(1, { views: 7, version: 4 })]]);
    for (const stale of [3, 4]) {
      const next = produce(data, (d) =>
        applyFile(d, file(1, { views: 1, version: stale }), images('all'), NOW),
      );
      expect(next).toBe(data);
    }
  });

  it('drops a file that leaves the tab and adds one that joins it', () => {
    const starred = list([[file(1, { isStarred: true }), file(3, { isStarred: true })]]);
    const unstarred = produce(starred, (d) =>
      applyFile(d, file(1, { version: 2 }), images('starred'), NOW),
    );
    expect(keys(unstarred)).toEqual(['photo-3.jpg']);
    const joined = produce(unstarred, (d) =>
      applyFile(d, file(2, { isStarred: true, version: 2 }), images('starred'), NOW),
    );
    expect(keys(joined)).toEqual(['photo-2.jpg', 'photo-3.jpg']);
  });

  it('puts a new upload at the top and an empty list gains a page', () => {
    const data = list([[file(2), file(3)]]);
    const next = produce(data, (d) => applyFile(d, file(1), images('all'), NOW));
    expect(keys(next)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
    const empty: FilesData = { pages: [], pageParams: [] };
    const first = produce(empty, (d) => applyFile(d, file(1), images('all'), NOW));
    expect(first.pages).toEqual([{ files: [file(1)], nextCursor: null }]);
  });

  it('inserts inside the page whose range covers the file', () => {
    const data = list([
      [file(1), file(3)],
      [file(5), file(7)],
    ]);
    const next = produce(data, (d) => applyFile(d, file(6), images('all'), NOW));
    expect(next.pages.map((p) => p.files.map((f) => f.name))).toEqual([
      ['photo-1.jpg', 'photo-3.jpg'],
      ['photo-5.jpg', 'photo-6.jpg', 'photo-7.jpg'],
    ]);
  });

  it('leaves a file past the loaded range to the page that will bring it', () => {
    const more = list([[file(1), file(2)]], true);
    expect(produce(more, (d) => applyFile(d, file(9), images('all'), NOW))).toBe(more);
    const complete = list([[file(1), file(2)]]);
    const next = produce(complete, (d) => applyFile(d, file(9), images('all'), NOW));
    expect(keys(next)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-9.jpg']);
  });

  it('keeps a held file in place even when it is the last one loaded', () => {
    const data = list([[file(1), file(2)]], true);
    const next = produce(data, (d) =>
      applyFile(d, file(2, { isStarred: true, version: 2 }), images('all'), NOW),
    );
    expect(keys(next)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    expect(listedFiles(next)[1]!.isStarred).toBe(true);
  });

  it('removes a deleted file by key, and a change without a file is a deletion', () => {
    const data = list([[file(1), file(2)]]);
    expect(keys(produce(data, (d) => removeFile(d, file(1).key)))).toEqual(['photo-2.jpg']);
    const next = produce(data, (d) =>
      applyChange(d, { key: file(2).key, file: null }, images('all'), NOW),
    );
    expect(keys(next)).toEqual(['photo-1.jpg']);
  });
});

describe('the file book', () => {
  it('keeps only newer states and never revives a deleted file', () => {
    const book = new FileBook();
    expect(book.record(file(1, { version: 2 }))).toBe(true);
    expect(book.record(file(1, { version: 2 }))).toBe(false);
    expect(book.record(file(1, { version: 1 }))).toBe(false);
    expect(book.newest(file(1).key)?.version).toBe(2);
    expect(book.recordDeleted(file(1).key)).toBe(true);
    expect(book.recordDeleted(file(1).key)).toBe(false);
    expect(book.record(file(1, { version: 9 }))).toBe(false);
    expect(book.newest(file(1).key)).toBeNull();
    expect(book.newest(file(2).key)).toBeUndefined();
  });

  it('tells what was learned after a mark, once per file, newest state only', () => {
    const book = new FileBook();
    book.record(file(1));
    const mark = book.mark();
    book.record(file(2));
    book.record(file(2, { version: 2 }));
    book.recordDeleted(file(3).key);
    expect(book.learnedSince(mark)).toEqual([
      { key: file(2).key, file: file(2, { version: 2 }) },
      { key: file(3).key, file: null },
    ]);
  });

  it('a snapshot that raced pushes ends where the pushes left the list', () => {
    // The request left; then a push starred file 1 (v2) and another deleted file 2.
    const book = new FileBook();
    const mark = book.mark();
    book.record(file(1, { isStarred: true, version: 2 }));
    book.recordDeleted(file(2).key);
    const snapshot = list([[file(1), file(2), file(3)]]);
    const caughtUp = produce(snapshot, (d) => {
      for (const change of book.learnedSince(mark)) applyChange(d, change, images('all'), NOW);
    });
    expect(keys(caughtUp)).toEqual(['photo-1.jpg', 'photo-3.jpg']);
    expect(listedFiles(caughtUp)[0]!.isStarred).toBe(true);
  });
});

describe('whatever order pushes arrive in', () => {
  it('every list ends holding the newest state, and only if that state belongs there', () => {
    const states = [1, 2, 3, 4, 5].map((version) =>
      file(2, {
        version,
        isStarred: version % 2 === 0,
        isArchived: version === 3,
        views: version * 10,
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...states), { minLength: 1, maxLength: 12 }),
        fc.constantFrom<FilesArg['tab']>('all', 'starred', 'recent', 'archived'),
        (arrivals, tab) => {
          const book = new FileBook();
          let data = list([[file(1), file(3)]]);
          for (const state of arrivals) {
            if (!book.record(state)) continue;
            data = produce(data, (d) => applyFile(d, state, images(tab), NOW));
          }
          const newest = arrivals.reduce((a, b) => (b.version > a.version ? b : a));
          const held = listedFiles(data).find((f) => f.key === newest.key);
          if (inTab(newest, tab, NOW)) expect(held).toEqual(newest);
          else expect(held).toBeUndefined();
          expect(listedFiles(data).map((f) => f.name)).toEqual(
            [...listedFiles(data)].sort(compareFiles).map((f) => f.name),
          );
        },
      ),
    );
  });
});
