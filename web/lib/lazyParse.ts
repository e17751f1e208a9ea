/** What a validator needs of a schema: zod's schemas have it. */
interface Parser<T> {
  parse(raw: unknown): T;
}

/**
 * A response parser whose schema loads with its first use. Payload schemas are zod schemas, and
 * zod is the largest library of the client: loaded with the first answer that needs it, it
 * stays off the first page (`tests/unit/web-bundle-budget.test.ts`). RTK Query awaits a
 * `transformResponse` that returns a promise.
 */
export function parseLazily<T>(load: () => Promise<Parser<T>>): (raw: unknown) => Promise<T> {
  return async (raw) => (await load()).parse(raw);
}
