import {
  backoffMs,
  chooseTarget,
  lagProblem,
  type ReplicaView,
} from '../../server/db/replica-router';
import { formatLsn, laterLsn, parseLsn } from '../../shared/wal-position';

const replica = (replayLsn: bigint | null, reads = 0, inRotation = true): ReplicaView => ({
  inRotation,
  replayLsn,
  reads,
});

describe('WAL positions', () => {
  it('parses and formats as Postgres writes them, comparing across the 32-bit halves', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
  });

  it('refuses what is not a position, so a header cannot smuggle anything in', () => {
    for (const bad of ['', '16', '16/', '/1', 'x/1', '1/2/3', '123456789/0', ' 1 / 2', undefined])
      expect(parseLsn(bad)).toBeNull();
  });

  it('keeps the later of two positions, either may be unknown', () => {
    expect(laterLsn(null, null)).toBeNull();
    expect(laterLsn(5n, null)).toBe(5n);
    expect(laterLsn(null, 7n)).toBe(7n);
    expect(laterLsn(9n, 7n)).toBe(9n);
  });
});

describe('where a read goes', () => {
  it('goes to the primary when there are no replicas', () => {
    expect(chooseTarget(null, [], true)).toEqual({ kind: 'primary' });
  });

  it('goes to the least used replica in rotation when the member wrote nothing', () => {
    expect(chooseTarget(null, [replica(10n, 5), replica(8n, 2)], true)).toEqual({
      kind: 'replica',
      index: 1,
    });
  });

  it('goes only to a replica that has replayed the member’s last commit', () => {
    const replicas = [replica(10n, 0), replica(20n, 9)];
    expect(chooseTarget(15n, replicas, true)).toEqual({ kind: 'replica', index: 1 });
    expect(chooseTarget(20n, replicas, true)).toEqual({ kind: 'replica', index: 1 });
  });

  it('waits for a replica in rotation that is behind, then falls back to the primary', () => {
    const replicas = [replica(10n), replica(12n)];
    expect(chooseTarget(13n, replicas, true)).toEqual({ kind: 'wait' });
    expect(chooseTarget(13n, replicas, false)).toEqual({ kind: 'primary' });
  });

  it('never sends a read to a replica out of rotation or not yet polled, nor waits for one', () => {
    const replicas = [replica(100n, 0, false), replica(null)];
    expect(chooseTarget(null, replicas, true)).toEqual({ kind: 'primary' });
    expect(chooseTarget(5n, replicas, true)).toEqual({ kind: 'primary' });
  });
});

describe('a replica’s health', () => {
  const limits = { maxLagBytes: 1000, maxLagSeconds: 5 };

  it('stays in rotation within both bounds, and while its lag is not known yet', () => {
    expect(lagProblem({ lagBytes: 1000, lagSeconds: 5 }, limits)).toBeNull();
    expect(lagProblem({ lagBytes: null, lagSeconds: null }, limits)).toBeNull();
  });

  it('leaves rotation past either bound, saying which', () => {
    expect(lagProblem({ lagBytes: 1001, lagSeconds: 0 }, limits)).toMatch(/1001 bytes/);
    expect(lagProblem({ lagBytes: 0, lagSeconds: 6.25 }, limits)).toMatch(/6\.3 s/);
  });

  it('is asked again after a doubling wait, capped', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 500, 10_000))).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(backoffMs(1000, 500, 10_000)).toBe(10_000);
  });
});
