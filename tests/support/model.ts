import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../shared/events';
import type { EmailPriority } from '../../shared/ops/email';
import { composeModel } from '../../server/composition';
import type { Read } from '../../server/core/reads';
import { pipelineQuery } from '../../server/db/pipeline';
import type { Db, Trx } from '../../server/db/schema';
import type { Statement } from '../../server/db/statement';
import { queueEmail, templateRead } from '../../server/domains/email/outbox';
import type { EventMetadata } from '../../server/eventstore/stored-event';
import { rebuildReadModels } from '../../server/eventstore/rebuild';

/** The product's modules as the server composes them: projections, meanings, event store. */
export const model = composeModel();

/** Appends straight to the log inside the caller's transaction (or its own), projections and all. */
export function append(
  executor: Db | Trx,
  streamId: string,
  expectedVersion: number,
  events: NewEvent[],
  metadata?: EventMetadata,
) {
  return model.eventStore.append(executor, streamId, expectedVersion, events, metadata);
}

/** `npm run projections:rebuild` on a test database. */
export function rebuild(db: Db) {
  return rebuildReadModels(db, model.projections);
}

/** Runs statements as one pipelined round trip, as a command's write would. */
export async function runStatements(db: Db | Trx, statements: readonly Statement[]) {
  if (statements.length === 0) return [];
  const { rows } = await db.executeQuery(pipelineQuery(statements));
  return rows;
}

/** Reads what a command would read. */
export async function runRead<T>(db: Db | Trx, read: Read<T>): Promise<T> {
  const [result] = await runStatements(db, [read.statement]);
  return read.pick(result!.rows);
}

/**
 * Queues an email from the stored template as a command's write does; the new row's id, or null
 * when an operator turned the template off.
 */
export async function queueEmailNow(
  db: Db | Trx,
  template: { name: string },
  recipient: string,
  data: Record<string, string>,
  priority: EmailPriority = 'normal',
): Promise<string | null> {
  const stored = await runRead(db, templateRead(template.name));
  const id = randomUUID();
  const statements = queueEmail(stored, recipient, data, priority, id);
  await runStatements(db, statements);
  return statements.length > 0 ? id : null;
}
