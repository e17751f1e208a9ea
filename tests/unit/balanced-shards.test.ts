import { balancedShards } from '../../scripts/balanced-shards';

const total = (shard: string[], seconds: Record<string, number>) =>
  shard.reduce((sum, file) => sum + (seconds[file] ?? 0), 0);

describe('balancedShards', () => {
  it('puts every file in exactly one shard, the long ones apart', () => {
    const seconds = { a: 50, b: 40, c: 30, d: 20, e: 10, f: 10, g: 5, h: 5 };
    const shards = balancedShards(Object.keys(seconds), seconds, 2);
    expect(shards.flat().sort()).toEqual(Object.keys(seconds).sort());
    expect(shards.map((shard) => total(shard, seconds))).toEqual([85, 85]);
    expect(shards.find((shard) => shard.includes('a'))).not.toContain('b');
  });

  it('counts a file the table does not know as the median of those it knows', () => {
    const seconds = { a: 30, b: 10, c: 20 };
    const shards = balancedShards(['a', 'b', 'c', 'new'], seconds, 2);
    // 'new' weighs 20, as c does: a (30) | c + new (40), then b to the lighter one.
    expect(shards).toEqual([
      ['a', 'b'],
      ['c', 'new'],
    ]);
  });

  it('gives the same shards for the same table, and no empty shard', () => {
    const seconds = { x: 1, y: 1 };
    expect(balancedShards(['y', 'x'], seconds, 4)).toEqual([['x'], ['y']]);
    expect(balancedShards(['x', 'y'], seconds, 4)).toEqual(balancedShards(['y', 'x'], seconds, 4));
    expect(balancedShards([], {}, 3)).toEqual([]);
  });
});
