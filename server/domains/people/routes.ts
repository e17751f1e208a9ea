import { z } from 'zod';
import { usersQuerySchema } from '../../../shared/profiles';
import {
  personSchema,
  privacySchema,
  privacyUpdateSchema,
  type Person,
} from '../../../shared/social';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { findByEmail, findByUsername, rankPeople } from './people-search';
import { readPeople } from './people-read';
import { changePrivacy } from './privacy-command';

const privacyAnswer = z.object({ privacy: privacySchema });

export function peopleRoutes({ db, readDb, commands }: ModuleDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/users',
      summary: 'Finds members by exact username (first match), by name (ranked) or by exact email',
      description:
        'One of `username`, `q` or `email`; `_limit` (10 by default) bounds a name search. A ' +
        'name search past its time limit answers `503 search-timeout`.',
      auth: 'member',
      query: usersQuerySchema,
      responses: { 200: z.array(personSchema) },
      errors: [503],
      async handler({ query }, req, res) {
        const callerId = memberIdOf(req);
        const exact =
          query.username !== undefined
            ? await findByUsername(readDb, callerId, query.username)
            : query.email !== undefined
              ? await findByEmail(readDb, callerId, query.email)
              : undefined;
        const ids =
          exact === undefined
            ? (await rankPeople(readDb, callerId, query.q ?? '', query._limit)).map((m) => m.id)
            : [exact].filter((id) => id !== null);
        const people = await readPeople(readDb, callerId, ids);
        res.json(ids.map((id) => people.get(id)).filter((p): p is Person => p !== undefined));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/me/privacy',
      summary: "Who may see the member's profile",
      auth: 'member',
      responses: { 200: privacyAnswer },
      async handler(_input, req, res) {
        const row = await db
          .selectFrom('users')
          .select('privacy')
          .where('id', '=', memberIdOf(req))
          .executeTakeFirstOrThrow();
        res.json({ privacy: row.privacy });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/me/privacy',
      summary: "Sets who may see the member's profile: public, friendsOnly or private",
      auth: 'member',
      body: privacyUpdateSchema,
      responses: { 200: privacyAnswer },
      async handler({ body }, req, res) {
        const privacy = await commands.run(
          changePrivacy,
          { userId: memberIdOf(req), privacy: body.privacy },
          contextOf(req),
        );
        res.json({ privacy });
      },
    }),
  ];
}
