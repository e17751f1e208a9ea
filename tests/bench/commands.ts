import { randomInt } from 'node:crypto';
import type { Badges } from '../../shared/badges';
import { emptyCommandLog } from './analysis';
import type { HttpPool, HttpResult } from './http-pool';
import type { Member } from './members';

const COUNTERS = ['notifications', 'messages', 'friendRequests'] as const;
export const COMMAND_PATH = '/api/test/badge-events';
/** The command that route runs, as the server's command figures name it. */
export const COMMAND_NAME = 'badges.testSignal';

/**
 * Sends one badge command for a random member and counter and logs what the server committed.
 * Bodies are built up front: the load generator shares the server's two cores.
 */
export function badgeCommands(members: Member[]) {
  const bodies = members.flatMap((m) =>
    COUNTERS.map((counter) => JSON.stringify({ userId: m.id, counter, delta: 1 })),
  );
  const log = emptyCommandLog();
  const send = async (pool: HttpPool): Promise<HttpResult> => {
    const member = randomInt(members.length);
    const answer = await pool.request(
      'POST',
      COMMAND_PATH,
      bodies[member * COUNTERS.length + randomInt(COUNTERS.length)],
    );
    if (answer.status === 201) {
      const { badges, committedAt } = JSON.parse(answer.body) as {
        badges: Badges;
        committedAt: number;
      };
      log.member.push(member);
      log.version.push(badges.version);
      log.committedAt.push(committedAt);
      log.values.push(badges);
    }
    return answer;
  };
  return { log, send };
}
