import fc from 'fast-check';
import type { MediaFile } from '../../shared/media';
import { statusText } from '../../web/features/media/upload/rowText';
import {
  activeIds,
  batchOutcome,
  emptyQueue,
  fileBytesSent,
  heldCount,
  isBusy,
  progressOf,
  queueReducer,
  rowsToStart,
  summaryOf,
  type QueueAction,
  type QueueState,
} from '../../web/features/media/upload/uploadQueue';
import type { FileLike } from '../../web/features/media/upload/validateFiles';

type State = QueueState<FileLike>;
type Action = QueueAction<FileLike>;

const png = (name: string, size = 1000): FileLike => ({ name, size, type: 'image/png' });

function stored(name: string): MediaFile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    key: '00000000-0000-4000-8000-000000000001.png',
    name,
    folder: 'images',
    kind: 'image',
    mimeType: 'image/png',
    format: 'png',
    size: 1000,
    sha256: 'x',
    url: '/cdn/00000000-0000-4000-8000-000000000001.png',
    thumbnailUrl: null,
    posterUrl: null,
    dimensions: { width: 10, height: 10 },
    duration: null,
    views: 0,
    isPublic: false,
    isStarred: false,
    isArchived: false,
    category: 'personal',
    tags: [],
    description: '',
    uploadedAt: '2026-11-24T10:00:00.000Z',
    uploadedBy: { id: '00000000-0000-4000-8000-000000000002', name: 'Ana' },
    version: 1,
  };
}

const run = (actions: readonly Action[], from: State = emptyQueue()) =>
  actions.reduce<State>(queueReducer, from);

const added = (...names: string[]): Action => ({
  type: 'added',
  entries: names.map((name) => ({ id: name, file: png(name) })),
});

const statuses = (state: State) => state.rows.map((row) => `${row.id}:${row.status}`);

describe('upload rows', () => {
  it('are private and pending when added, and may be made public until they start', () => {
    const state = run([added('a', 'b'), { type: 'visibilitySet', id: 'a', isPublic: true }]);
    expect(state.rows.map((row) => [row.id, row.kind, row.isPublic, row.status])).toEqual([
      ['a', 'image', true, 'pending'],
      ['b', 'image', false, 'pending'],
    ]);
    const started = run(
      [
        { type: 'uploadRequested' },
        { type: 'started', id: 'b', at: 0 },
        { type: 'visibilitySet', id: 'b', isPublic: true },
      ],
      state,
    );
    expect(started.rows[1]!.isPublic).toBe(false);
  });

  it('queue on Upload, start at most three at once, in the order added', () => {
    let state = run([added('a', 'b', 'c', 'd', 'e'), { type: 'uploadRequested' }]);
    expect(rowsToStart(state, 3).map((row) => row.id)).toEqual(['a', 'b', 'c']);
    state = run(
      ['a', 'b', 'c'].map((id): Action => ({ type: 'started', id, at: 0 })),
      state,
    );
    expect(rowsToStart(state, 3)).toEqual([]);
    state = queueReducer(state, { type: 'succeeded', id: 'b', file: stored('b') });
    expect(rowsToStart(state, 3).map((row) => row.id)).toEqual(['d']);
    expect(isBusy(state)).toBe(true);
  });

  it('drop a removed row from the requests that must stay open', () => {
    const state = run([
      added('a', 'b'),
      { type: 'uploadRequested' },
      { type: 'started', id: 'a', at: 0 },
      { type: 'removed', id: 'a' },
    ]);
    expect([...activeIds(state)]).toEqual(['b']);
    expect(state.batch).toEqual(['b']);
    expect([...activeIds(queueReducer(state, { type: 'cleared' }))]).toEqual([]);
  });

  it('track the file share of the request bytes, and finish at the full size', () => {
    expect(fileBytesSent(1000, 550, 1100)).toBe(500);
    expect(fileBytesSent(1000, 1100, 1100)).toBe(1000);
    expect(fileBytesSent(1000, 5, 0)).toBe(0);
    let state = run([
      added('a'),
      { type: 'uploadRequested' },
      { type: 'started', id: 'a', at: 0 },
      { type: 'progressed', id: 'a', sent: 275, total: 1100, at: 1000 },
    ]);
    expect(progressOf(state.rows[0]!)).toEqual({ percent: 25, rate: 250, secondsLeft: 3 });
    expect(statusText(state.rows[0]!, progressOf(state.rows[0]!))).toBe(
      '25% · 250 Bytes/s · 3 s left',
    );
    state = queueReducer(state, { type: 'progressed', id: 'a', sent: 1100, total: 1100, at: 2000 });
    expect(statusText(state.rows[0]!, progressOf(state.rows[0]!))).toBe('100% · Processing…');
    state = queueReducer(state, { type: 'succeeded', id: 'a', file: stored('a') });
    expect(state.rows[0]).toMatchObject({ status: 'done', loaded: 1000, samples: [] });
  });

  it('fail with the reason, and go back to the queue on retry', () => {
    let state = run([
      added('a'),
      { type: 'uploadRequested' },
      { type: 'started', id: 'a', at: 0 },
      { type: 'failed', id: 'a', reason: 'Your storage is full' },
    ]);
    expect(statusText(state.rows[0]!, progressOf(state.rows[0]!))).toBe(
      'Failed: Your storage is full',
    );
    state = run([{ type: 'batchReported' }, { type: 'retried', id: 'a' }], state);
    expect(statuses(state)).toEqual(['a:queued']);
    expect(state.rows[0]!.error).toBeNull();
    expect(state.batch).toEqual(['a']);
  });

  it('count against the limit until they are uploaded', () => {
    const state = run([
      added('a', 'b', 'c'),
      { type: 'uploadRequested' },
      { type: 'started', id: 'a', at: 0 },
      { type: 'succeeded', id: 'a', file: stored('a') },
    ]);
    expect(heldCount(state)).toBe(2);
  });

  it('ignore events for rows that are gone or in another state', () => {
    const state = run([added('a')]);
    for (const action of [
      { type: 'started', id: 'zz', at: 0 },
      { type: 'succeeded', id: 'a', file: stored('a') },
      { type: 'failed', id: 'a', reason: 'x' },
      { type: 'progressed', id: 'a', sent: 1, total: 2, at: 1 },
      { type: 'retried', id: 'a' },
    ] satisfies Action[]) {
      expect(queueReducer(state, action)).toBe(state);
    }
  });
});

describe('the closing message of a round (001 §8)', () => {
  const settle = (outcomes: readonly ('done' | 'failed')[]) => {
    const names = outcomes.map((_, i) => `f${i}.png`);
    let state = run([added(...names), { type: 'uploadRequested' }]);
    outcomes.forEach((outcome, i) => {
      const id = names[i]!;
      state = queueReducer(state, { type: 'started', id, at: 0 });
      expect(batchOutcome(state)).toBeNull();
      state = queueReducer(
        state,
        outcome === 'done'
          ? { type: 'succeeded', id, file: stored(id) }
          : { type: 'failed', id, reason: 'Boom' },
      );
    });
    const outcome = batchOutcome(state);
    if (!outcome) throw new Error('the round did not settle');
    return outcome;
  };

  it('names the file when one was sent', () => {
    expect(summaryOf(settle(['done']))).toEqual({
      tone: 'success',
      text: 'File "f0.png" uploaded successfully!',
    });
    expect(summaryOf(settle(['failed']))).toBeNull();
  });

  it('counts when several were sent', () => {
    expect(summaryOf(settle(['done', 'done']))).toEqual({
      tone: 'success',
      text: 'Successfully uploaded 2 of 2 files',
    });
    expect(summaryOf(settle(['done', 'failed', 'done']))).toEqual({
      tone: 'warning',
      text: 'Successfully uploaded 2 of 3 files',
    });
    expect(summaryOf(settle(['failed', 'failed']))).toBeNull();
  });

  it('hands over exactly the files that arrived, once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('done' as const, 'failed' as const), {
          minLength: 1,
          maxLength: 8,
        }),
        (outcomes) => {
          const outcome = settle(outcomes);
          expect(outcome.total).toBe(outcomes.length);
          expect(outcome.uploaded.map((file) => file.name)).toEqual(
            outcomes.flatMap((o, i) => (o === 'done' ? [`f${i}.png`] : [])),
          );
        },
      ),
    );
  });

  it('leaves out rows removed before they settled', () => {
    const state = run([
      added('a', 'b'),
      { type: 'uploadRequested' },
      { type: 'started', id: 'a', at: 0 },
      { type: 'succeeded', id: 'a', file: stored('a') },
      { type: 'removed', id: 'b' },
    ]);
    expect(summaryOf(batchOutcome(state)!)).toEqual({
      tone: 'success',
      text: 'File "a" uploaded successfully!',
    });
  });
});

describe('queue invariants', () => {
  const actionArb: fc.Arbitrary<Action> = fc.oneof(
    fc
      .constantFrom('a', 'b', 'c', 'd')
      .map((id): Action => ({ type: 'added', entries: [{ id, file: png(id) }] })),
    fc.constantFrom('a', 'b', 'c', 'd').map((id): Action => ({ type: 'removed', id })),
    fc.constant<Action>({ type: 'uploadRequested' }),
    fc.constant<Action>({ type: 'batchReported' }),
    fc.constantFrom('a', 'b', 'c', 'd').map((id): Action => ({ type: 'started', id, at: 0 })),
    fc.constantFrom('a', 'b', 'c', 'd').map((id): Action => ({ type: 'failed', id, reason: 'x' })),
    fc.constantFrom('a', 'b', 'c', 'd').map((id): Action => ({ type: 'retried', id })),
  );

  it('a round only names rows that exist, and every queued or uploading row is in it', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 30 }), (actions) => {
        // Ids are unique in the widget; the generator may repeat them, so keep the first add.
        const unique = actions.filter(
          (action, i) =>
            action.type !== 'added' ||
            !actions
              .slice(0, i)
              .some(
                (earlier) =>
                  earlier.type === 'added' && earlier.entries[0]!.id === action.entries[0]!.id,
              ),
        );
        const state = run(unique);
        const ids = new Set(state.rows.map((row) => row.id));
        expect(state.batch.every((id) => ids.has(id))).toBe(true);
        for (const id of activeIds(state)) expect(state.batch).toContain(id);
      }),
    );
  });
});
