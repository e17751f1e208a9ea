import { makeStore } from '../../../web/state/store';

/** The first action after an injection gives the new slice its initial state. */
const anyAction = { type: 'test/anything' };

describe('the web state kernel', () => {
  it('holds only the shared API until a feature that owns a slice is loaded', () => {
    const store = makeStore();
    expect(Object.keys(store.getState())).toEqual(['api']);
  });

  it("adds a feature's slice when the feature loads, and its selectors answer before that", async () => {
    const store = makeStore();
    const before = store.getState();

    const { selectFontSize, appearanceApplied } =
      await import('../../../web/features/theme/themeSlice');
    expect(selectFontSize(before)).toBe('medium');

    store.dispatch(anyAction);
    expect(Object.keys(store.getState())).toEqual(['api', 'theme']);
    store.dispatch(appearanceApplied({ theme: 'dark', fontSize: 'large' }));
    expect(selectFontSize(store.getState())).toBe('large');
  });
});
