import { clientAddress } from '../../server/core/client-address';
import { TokenBucket } from '../../server/core/token-bucket';

describe('the client a limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b:1:2::203.0.113.7', '64:ff9b:1:2::/64'],
    [undefined, 'unknown'],
  ])('keys %s as %s', (ip, key) => {
    expect(clientAddress({ ip })).toBe(key);
  });

  it('keys every address of one /64 alike, and another /64 apart', () => {
    const one = clientAddress({ ip: '2001:db8:1:2::5' });
    expect(clientAddress({ ip: '2001:db8:1:2:ffff::9' })).toBe(one);
    expect(clientAddress({ ip: '2001:db8:1:3::5' })).not.toBe(one);
  });
});

describe('a token bucket', () => {
  it('allows a burst, then refills at its rate up to the burst', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 0.5 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now = 1_000;
    expect(bucket.take()).toBe(false);
    now = 2_000;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
