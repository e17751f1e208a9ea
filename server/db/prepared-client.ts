import { createHash } from 'node:crypto';
import pg from 'pg';
import { PIPELINE_SQL, PipelineRequest, runPipelineOn } from './pipeline';
import { countRoundTrip } from './round-trips';

const MAX_PREPARED_PER_CONNECTION = 500;

/** Statement names by text, shared by every connection: hashing each call costs more than a lookup. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_PREPARED_PER_CONNECTION * 4) names.set(text, name);
  }
  return name;
}

/**
 * A pg client that turns every parameterised query into a named prepared statement, so
 * Postgres parses and plans each distinct statement once per connection instead of on every
 * call. Kysely sends the same text for the same query shape, so a handful of names cover the
 * hot paths; past a cap per connection, new shapes run unnamed rather than pile up. A pipeline
 * (pipeline.ts) that Kysely hands over as its marker query is sent in one round trip.
 */
export class PreparedStatementClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's overloads cannot be restated without `any`; the call is passed through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string') {
      countRoundTrip();
      if (
        config === PIPELINE_SQL &&
        Array.isArray(values) &&
        values[0] instanceof PipelineRequest
      ) {
        return runPipelineOn(this, values[0].statements).then((results) => ({
          command: 'PIPELINE',
          rowCount: results.length,
          rows: results,
        }));
      }
      if (Array.isArray(values) && values.length > 0) {
        const name = nameOf(config);
        if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION) {
          this.prepared.add(name);
          return super.query({ name, text: config, values }, callback);
        }
      }
    }
    return super.query(config, values, callback);
  }
}
