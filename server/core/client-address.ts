import { isIPv6 } from 'node:net';
import type { Request } from 'express';

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The first four groups of an IPv6 address: its /64, what one subscriber is usually given. */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  // A dotted IPv4 tail (`64:ff9b::1.2.3.4`) stands for two groups.
  const width = (groups: string[]) => groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(front) - width(back)).fill('0');
  const groups = [...front, ...zeros, ...back].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * Who is asking, for the limits counted per client: the address Express reports (`TRUST_PROXY`,
 * loopback by default, so a local reverse proxy's `X-Forwarded-For` is believed and nobody else's). An
 * IPv6 client is keyed by its /64, since one subscriber can rotate through the whole prefix.
 */
export function clientAddress(req: Pick<Request, 'ip'>): string {
  const ip = req.ip ?? 'unknown';
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  return isIPv6(ip) ? ipv6Prefix(ip) : ip;
}
