import fc from 'fast-check';
import type { Badges } from '../../../shared/badges';
import {
  badgesReceived,
  badgesReducer,
  badgesReset,
  initialBadgesState,
  type BadgesState,
} from '../../../web/features/badges/badgesSlice';

const badges = (version: number, notifications = version, messages = 0): Badges => ({
  notifications,
  messages,
  friendRequests: 0,
  version,
});

function applyAll(values: Badges[], start: BadgesState = initialBadgesState): BadgesState {
  return values.reduce((state, value) => badgesReducer(state, badgesReceived(value)), start);
}

describe('badges reducer', () => {
  it('starts empty and accepts the first value, even version 0', () => {
    expect(initialBadgesState.version).toBeNull();
    expect(applyAll([badges(0, 2, 1)])).toEqual({
      notifications: 2,
      messages: 1,
      friendRequests: 0,
      version: 0,
    });
  });

  it('applies a newer value', () => {
    expect(applyAll([badges(3, 1), badges(7, 4)])).toMatchObject({ notifications: 4, version: 7 });
  });

  it('ignores a duplicate of the value it holds', () => {
    const once = applyAll([badges(5, 2)]);
    expect(badgesReducer(once, badgesReceived(badges(5, 99)))).toBe(once);
  });

  it('ignores pushes that arrive out of order', () => {
    expect(applyAll([badges(9, 3), badges(8, 2), badges(6, 1)])).toMatchObject({
      notifications: 3,
      version: 9,
    });
  });

  it('keeps a newer push when an older snapshot arrives after it', () => {
    const afterPush = applyAll([badges(12, 5, 2)]);
    const snapshot = badges(10, 4, 0);
    expect(badgesReducer(afterPush, badgesReceived(snapshot))).toEqual(afterPush);
  });

  it('lets a newer snapshot repair counts after a lost push', () => {
    expect(applyAll([badges(2, 1), badges(4, 6, 3)])).toEqual(badges(4, 6, 3));
  });

  it('forgets everything on reset, so the next member starts clean', () => {
    const held = applyAll([badges(40, 8)]);
    const reset = badgesReducer(held, badgesReset());
    expect(reset).toEqual(initialBadgesState);
    expect(badgesReducer(reset, badgesReceived(badges(3, 1)))).toMatchObject({ version: 3 });
  });

  it('always ends at the newest value whatever the order and duplication', () => {
    const value = fc.record({
      notifications: fc.nat(500),
      messages: fc.nat(500),
      friendRequests: fc.nat(500),
      version: fc.nat(1000),
    });
    // Every value delivered at least once, some twice, in any order.
    const deliveries = fc
      .uniqueArray(value, { minLength: 1, maxLength: 20, selector: (v) => v.version })
      .chain((values) =>
        fc.subarray(values).chain((repeats) =>
          fc.tuple(
            fc.constant(values),
            fc.shuffledSubarray([...values, ...repeats], {
              minLength: values.length + repeats.length,
            }),
          ),
        ),
      );
    fc.assert(
      fc.property(deliveries, ([values, delivered]) => {
        const newest = values.reduce((a, b) => (b.version > a.version ? b : a));
        expect(applyAll(delivered)).toEqual(newest);
      }),
    );
  });
});
