/**
 * WAL positions (LSNs) as Postgres writes them, `16/B374D848`: the high and low 32 bits in hex.
 * Held as bigints so that comparing two is exact for the whole 64-bit range.
 */

/** The response header that carries a member's last commit, and the request header it returns in. */
export const WAL_HEADER = 'x-agora-wal';

const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

export function parseLsn(text: string | null | undefined): bigint | null {
  const match = text ? LSN.exec(text.trim()) : null;
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  const high = (lsn >> 32n).toString(16).toUpperCase();
  const low = (lsn & 0xffffffffn).toString(16).toUpperCase();
  return `${high}/${low}`;
}

export function laterLsn(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
