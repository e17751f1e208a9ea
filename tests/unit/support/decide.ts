import type { Selectable } from 'kysely';
import type { NewEvent } from '../../../shared/events';
import type { Command } from '../../../server/core/command';
import type { CommandContext } from '../../../server/core/context';
import { DomainError, type DomainErrorKind } from '../../../server/core/errors';
import type { EmailTemplatesTable } from '../../../server/db/tables/email-templates';
import type { EmailTemplate } from '../../../server/domains/email/templates';

/**
 * Runs a command's `decide` on a given state, with no database: what `load` would have read is
 * written out by the test. Tests read the rules as given (the state), when (the input and the
 * context), then (the decision summarised, or the refusal).
 */

/** What a command's `load` reads, as its `decide` receives it. */
export type StateOf<C> =
  C extends Command<infer _Input, infer State, infer _Result> ? State : never;

/** The ids of the members decisions are about, in the order streams between two sort them. */
export const ANA = '10000000-0000-4000-8000-000000000001';
export const BEN = '10000000-0000-4000-8000-000000000002';
export const CAT = '10000000-0000-4000-8000-000000000003';

/** A member acting through the API; the system acts with no member. */
export const by = (actorId: string | null): CommandContext => ({ actorId, requestId: 'req-1' });

export interface Refusal {
  kind: DomainErrorKind;
  code: string;
  message: string;
  fields?: Record<string, string>;
  currentVersion?: number;
}

/** The refusals tests expect, as plain values to compare with what `refusal` answers. */
export const refusedAs = {
  invalid: (code: string, message: string, fields?: Record<string, string>): Refusal =>
    fields === undefined
      ? { kind: 'invalid', code, message }
      : { kind: 'invalid', code, message, fields },
  forbidden: (code: string, message: string): Refusal => ({ kind: 'forbidden', code, message }),
  notFound: (message: string): Refusal => ({ kind: 'not-found', code: 'not-found', message }),
  conflict: (code: string, message: string): Refusal => ({ kind: 'conflict', code, message }),
};

export interface DecisionSummary<Result> {
  /** One entry per stream written; an append of no events writes nothing and is left out. */
  appends: { streamId: string; expectedVersion: number; types: string[] }[];
  /** Every event appended, in order, with its data. */
  events: NewEvent[];
  guards: number;
  effects: number;
  /** Whether the answer is read back in the write's round trip. */
  reply: boolean;
  result: Result | undefined;
  /** A refusal that still commits what the decision wrote (a failed sign-in is counted). */
  refusedAfterCommit?: Refusal;
}

function refusalOf(error: DomainError): Refusal {
  const { kind, code, message, fields, currentVersion } = error;
  return {
    kind,
    code,
    message,
    ...(fields === undefined ? {} : { fields }),
    ...(currentVersion === undefined ? {} : { currentVersion }),
  };
}

/** Decides, and answers the decision in the terms tests state it in. */
export async function decide<Input, State, Result>(
  command: Command<Input, State, Result>,
  given: State,
  when: Input,
  ctx: CommandContext = by(null),
): Promise<DecisionSummary<Result>> {
  const decision = await command.decide(given, when, ctx);
  const appends = (decision.appends ?? []).filter((append) => append.events.length > 0);
  return {
    appends: appends.map(({ streamId, expectedVersion, events }) => ({
      streamId,
      expectedVersion,
      types: events.map((event) => event.type),
    })),
    events: appends.flatMap((append) => append.events),
    guards: decision.guards?.length ?? 0,
    effects: decision.effects?.length ?? 0,
    reply: decision.reply !== undefined,
    result: decision.result,
    ...(decision.refuseAfterCommit
      ? { refusedAfterCommit: refusalOf(decision.refuseAfterCommit) }
      : {}),
  };
}

/** Decides, expecting a refusal; answers it, or fails with what was decided instead. */
export async function refusal<Input, State, Result>(
  command: Command<Input, State, Result>,
  given: State,
  when: Input,
  ctx: CommandContext = by(null),
): Promise<Refusal> {
  let decided: DecisionSummary<Result>;
  try {
    decided = await decide(command, given, when, ctx);
  } catch (error) {
    if (error instanceof DomainError) return refusalOf(error);
    throw error;
  }
  throw new Error(`${command.name} decided instead of refusing: ${JSON.stringify(decided)}`);
}

/** A template as `email_templates` stores it, as a command's read finds it. */
export function storedTemplate(
  template: EmailTemplate,
  isActive = true,
): Selectable<EmailTemplatesTable> {
  return {
    name: template.name,
    subject: template.subject,
    html_template: template.htmlTemplate,
    text_template: template.textTemplate,
    variables: [...template.variables],
    category: template.category,
    is_active: isActive,
    position: 0,
    updated_at: new Date('2026-01-01T00:00:00.000Z'),
  };
}
