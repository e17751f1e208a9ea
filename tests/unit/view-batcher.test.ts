import { ViewBatcher, type ViewCount } from '../../server/core/view-batcher';

const WINDOW = 1_000;

/** A batcher on a clock the test moves, whose writes are kept (or refused while `failing`). */
function batcher() {
  const state = { at: 0, failing: false };
  const written: ViewCount[][] = [];
  const views = new ViewBatcher({
    windowMs: WINDOW,
    now: () => state.at,
    write: async (counts) => {
      if (state.failing) throw new Error('database down');
      written.push([...counts]);
    },
  });
  return { state, written, views };
}

describe('view batcher', () => {
  it('counts a viewer once per subject within the window, and again after it', async () => {
    const { state, written, views } = batcher();
    expect(views.record('a', 'ana')).toBe(true);
    expect(views.record('a', 'ana')).toBe(false);
    expect(views.record('a', 'bo')).toBe(true);
    expect(views.record('b', 'ana')).toBe(true);
    state.at = WINDOW;
    expect(views.record('a', 'ana')).toBe(true);
    await views.flush();
    expect(written).toEqual([
      [
        { id: 'a', count: 3 },
        { id: 'b', count: 1 },
      ],
    ]);
    await views.flush();
    expect(written).toHaveLength(1);
  });

  it('writes at most 100 subjects a batch', async () => {
    const { written, views } = batcher();
    for (let i = 0; i < 250; i += 1) views.record(`s${i}`, 'ana');
    await views.flush();
    expect(written.map((batch) => batch.length)).toEqual([100, 100, 50]);
  });

  it('keeps refused counts for the next flush, with what was counted meanwhile', async () => {
    const { state, written, views } = batcher();
    views.record('a', 'ana');
    state.failing = true;
    await expect(views.flush()).rejects.toThrow('database down');
    views.record('a', 'bo');
    state.failing = false;
    await views.flush();
    expect(written).toEqual([[{ id: 'a', count: 2 }]]);
  });
});
