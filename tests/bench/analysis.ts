import type { Badges } from '../../shared/badges';
import { reconnectedBetween, socketEventsBetween, type Member } from './members';

/** Commands answered 201, as parallel arrays (tens of thousands of them in a run). */
export interface CommandLog {
  member: number[];
  version: number[];
  committedAt: number[];
  values: Badges[];
}

export function emptyCommandLog(): CommandLog {
  return { member: [], version: [], committedAt: [], values: [] };
}

/** One push that arrived twice on a member's socket (the same badge version), named. */
export interface DuplicatePush {
  member: number;
  memberId: string;
  version: number;
  first: { at: number; socketId: string };
  second: { at: number; socketId: string };
  reconnectedBetween: boolean;
  /** The member's socket events between the two arrivals, described. */
  socketEvents: string[];
}

export interface PushAnalysis {
  latenciesMs: number[];
  lost: number;
  duplicated: number;
  duplicates: DuplicatePush[];
  /** Pushes that arrived on a socket the member had given up (see members.ts `isCurrent`). */
  stale: number;
  /** Pushes older than one already received on that socket (harmless to a client, but noise). */
  outOfOrder: number;
  /** Pushes whose values differ from the command answer that reported the same version. */
  valueMismatches: number;
  pushes: number;
}

export function sameBadges(a: Badges, b: Badges): boolean {
  return (
    a.notifications === b.notifications &&
    a.messages === b.messages &&
    a.friendRequests === b.friendRequests &&
    a.version === b.version
  );
}

/** First index whose value is >= target in a non-decreasing array, or -1. */
function firstAtLeast(values: number[], target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo < values.length ? lo : -1;
}

/**
 * A command is covered by the first push to its member, in receipt order, whose version is at
 * least the one the command produced: the server may fold several commands into one push.
 */
export function analyzePushes(members: Member[], commands: CommandLog): PushAnalysis {
  const result: PushAnalysis = {
    latenciesMs: [],
    lost: 0,
    duplicated: 0,
    duplicates: [],
    stale: 0,
    outOfOrder: 0,
    valueMismatches: 0,
    pushes: 0,
  };
  const highestSoFar: number[][] = members.map((member) => {
    const { versions, receivedAt, socketIds } = member.pushes;
    result.pushes += versions.length;
    result.stale += member.staleDeliveries;
    const seen = new Map<number, number>();
    const prefix: number[] = [];
    let highest = -1;
    for (const [index, version] of versions.entries()) {
      const earlier = seen.get(version);
      if (earlier !== undefined) {
        result.duplicated += 1;
        const first = { at: receivedAt[earlier]!, socketId: socketIds[earlier] ?? '?' };
        const second = { at: receivedAt[index]!, socketId: socketIds[index] ?? '?' };
        result.duplicates.push({
          member: member.index,
          memberId: member.id,
          version,
          first,
          second,
          reconnectedBetween: reconnectedBetween(member, first, second),
          socketEvents: socketEventsBetween(member, first.at, second.at),
        });
      } else seen.set(version, index);
      if (version < highest) result.outOfOrder += 1;
      highest = Math.max(highest, version);
      prefix.push(highest);
    }
    return prefix;
  });

  const answered = new Map<string, Badges>();
  for (let i = 0; i < commands.member.length; i++) {
    const member = members[commands.member[i]!]!;
    const at = firstAtLeast(highestSoFar[member.index]!, commands.version[i]!);
    if (at < 0) result.lost += 1;
    else result.latenciesMs.push(member.pushes.receivedAt[at]! - commands.committedAt[i]!);
    answered.set(`${member.index}:${commands.version[i]}`, commands.values[i]!);
  }
  for (const member of members) {
    member.pushes.values.forEach((value) => {
      const expected = answered.get(`${member.index}:${value.version}`);
      if (expected && !sameBadges(expected, value)) result.valueMismatches += 1;
    });
  }
  return result;
}

/** True once every member's pushes have reached the highest version its commands produced. */
export function allCovered(members: Member[], commands: CommandLog): boolean {
  const wanted = new Map<number, number>();
  for (let i = 0; i < commands.member.length; i++) {
    const index = commands.member[i]!;
    wanted.set(index, Math.max(wanted.get(index) ?? 0, commands.version[i]!));
  }
  for (const [index, version] of wanted) {
    const versions = members[index]!.pushes.versions;
    if (!versions.some((v) => v >= version)) return false;
  }
  return true;
}
