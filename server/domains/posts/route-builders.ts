import { z } from 'zod';
import { text } from '../../../shared/api/text';
import type { Command } from '../../core/command';
import type { CommandRunner } from '../../core/command-runner';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import {
  defineRoute,
  type AnyRouteSpec,
  type RouteAuth,
  type RouteSpec,
} from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';

/**
 * The handlers the routes of posts share (the posts API, the content API and its history, the
 * community posts): one post served by several sets of routes is read, changed and refused alike
 * in each.
 */

/**
 * Any id is accepted: one that is not a UUID names nothing and answers 404 like a post (or
 * community) the caller may not see, so the two cannot be told apart.
 */
export const idParams = z.object({ id: text({ max: 100 }) });

/** A read or read back that found nothing (it went, or the caller lost sight of it) is a 404. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

/** What a route says of itself in the API reference and who may call it (a member by default). */
type Described = Pick<RouteSpec, 'path' | 'summary' | 'description' | 'tag' | 'errors'> & {
  auth?: RouteAuth;
};

/** A success answer: its status, its schema, and the 404's text when the value is missing. */
interface Answer {
  status: 200 | 201;
  schema: z.ZodType;
  notFound?: string;
}

type NoParams = z.ZodObject<Record<string, never>>;

/** What a command route makes its command's input of, typed by its schemas. */
interface Sent<P extends z.ZodType, B extends z.ZodType> {
  memberId: string;
  params: z.output<P>;
  body: z.output<B>;
}

/** What a read route reads by, typed by its schemas. */
interface Asked<P extends z.ZodType, Q extends z.ZodType> {
  memberId: string;
  params: z.output<P>;
  query: z.output<Q>;
}

/**
 * A route that runs one command for the signed-in member, in the request's context, and answers
 * what the command read back (a 404 when it read nothing), or nothing (204) without `answer`.
 */
export function commandRoute<
  Input,
  State,
  Result,
  P extends z.ZodType = NoParams,
  B extends z.ZodType = z.ZodUndefined,
>(
  commands: CommandRunner,
  spec: Described & {
    method: 'post' | 'patch' | 'delete';
    params?: P;
    body?: B;
    answer?: Answer;
    command: Command<Input, State, Result>;
    input(sent: Sent<P, B>): Input;
  },
): AnyRouteSpec {
  const { command, input, answer, auth = 'member', ...route } = spec;
  return defineRoute<P, NoParams, B>({
    ...route,
    auth,
    responses: { [answer?.status ?? 204]: answer?.schema ?? null },
    async handler({ params, body }, req, res) {
      const memberId = memberIdOf(req);
      const result = await commands.run(command, input({ memberId, params, body }), contextOf(req));
      if (!answer) {
        res.status(204).end();
        return;
      }
      res.status(answer.status).json(answer.notFound ? found(result, answer.notFound) : result);
    },
  });
}

/**
 * A GET for the signed-in member answering what `read` finds for them (a 404 when it finds
 * nothing and `notFound` names the text).
 */
export function readRoute<P extends z.ZodType = NoParams, Q extends z.ZodType = NoParams>(
  spec: Described & {
    params?: P;
    query?: Q;
    testOnly?: boolean;
    answer: Omit<Answer, 'status'>;
    read(asked: Asked<P, Q>): Promise<unknown>;
  },
): AnyRouteSpec {
  const { read, answer, auth = 'member', ...route } = spec;
  return defineRoute<P, Q>({
    ...route,
    method: 'get',
    auth,
    responses: { 200: answer.schema },
    async handler({ params, query }, req, res) {
      const value = await read({ memberId: memberIdOf(req), params, query });
      res.json(answer.notFound ? found(value, answer.notFound) : value);
    },
  });
}
