import { sql, type RawBuilder } from 'kysely';
import type { BadgeCounter } from '../../../shared/badges';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { Members } from '../../core/meanings';
import { statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { inMembers } from './members-sql';

export const BADGE_COLUMN: Record<BadgeCounter, 'notifications' | 'messages' | 'friend_requests'> =
  {
    notifications: 'notifications',
    messages: 'messages',
    friendRequests: 'friend_requests',
  };

const ALL_COUNTERS = Object.keys(BADGE_COLUMN) as BadgeCounter[];

/**
 * Locks the members' badge rows in id order, then sets their counts to what the read models hold
 * now, bumping `version` only when a count changes. The lock is a statement of its own: the
 * counting statement then starts after any writer that held a row has committed, so it sees that
 * writer's changes (one statement that waited for the lock would still count from the snapshot
 * it started with). Each count is declared by the domain that owns what is counted.
 */
function recount(
  meanings: MeaningCatalogue,
  members: Members,
  onlyIf: RawBuilder<boolean>,
  counters: readonly BadgeCounter[],
): Statement[] {
  const target = sql<boolean>`(${inMembers(sql.ref('user_id'), members)} and ${onlyIf})`;
  const count = (counter: BadgeCounter) => meanings.counterSource(counter)(sql.ref('u.user_id'));
  const column = (counter: BadgeCounter, table = '') => sql.ref(table + BADGE_COLUMN[counter]);
  return [
    statement(sql`select user_id from badges where ${target} order by user_id for update`),
    statement(sql`
      update badges b
      set ${sql.join(counters.map((c) => sql`${column(c)} = ${column(c, 'c.')}`))},
        version = b.version + 1
      from (
        select u.user_id, ${sql.join(counters.map((c) => sql`${count(c)} as ${column(c)}`))}
        from badges u where ${inMembers(sql.ref('u.user_id'), members)} and ${onlyIf}
      ) c
      where b.user_id = c.user_id
        and (${sql.join(counters.map((c) => column(c, 'b.')))})
          is distinct from (${sql.join(counters.map((c) => column(c, 'c.')))})`),
  ];
}

/**
 * A change known exactly (a new message gives each recipient one more unread): one statement
 * instead of a lock and a recount, correct even after waiting for the row lock, because an
 * increment applies to the latest row.
 */
function increment(
  counter: BadgeCounter,
  by: number,
  members: Members,
  onlyIf: RawBuilder<boolean>,
): Statement {
  const column = sql.ref(BADGE_COLUMN[counter]);
  return statement(sql`
    update badges set ${column} = greatest(${column} + ${by}::int, 0), version = version + 1
    where ${inMembers(sql.ref('user_id'), members)} and ${onlyIf}`);
}

/**
 * Badge counts per member. `version` counts the row's changes: it rises with every change in
 * commit order (the row lock orders writers), which a global position would not guarantee. What
 * each event does to badges is declared by the domain that emits it (`badges` meanings).
 */
export function badgesProjection(meanings: MeaningCatalogue): Projection {
  return {
    name: 'badges',
    tables: ['badges'],
    handles: [
      ...new Set([
        ...meanings.typesDeclaring('joins'),
        ...meanings.typesDeclaring('leaves'),
        ...meanings.typesDeclaring('badges'),
      ]),
    ],
    project(event) {
      const out: Statement[] = [];
      const joined = meanings.joins(event);
      if (joined) out.push(statement(sql`insert into badges (user_id) values (${joined}::uuid)`));
      const left = meanings.leaves(event);
      if (left) out.push(statement(sql`delete from badges where user_id = ${left}::uuid`));
      const effect = meanings.badges(event);
      const onlyIf = effect?.onlyIf ?? sql<boolean>`true`;
      if (effect?.increment) {
        const { counter, by, members } = effect.increment;
        out.push(increment(counter, by, members, onlyIf));
      }
      if (effect?.recount) {
        out.push(...recount(meanings, effect.recount, onlyIf, effect.counters ?? ALL_COUNTERS));
      }
      return out;
    },
  };
}
