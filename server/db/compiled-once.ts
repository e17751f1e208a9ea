import { CompiledQuery, type Compilable } from 'kysely';

/** The stand-in a statement is built with where a call's value will go. */
export type Slot<T> = T & { readonly __slot: unique symbol };

/**
 * A stand-in for a value: an object of its own, so that no value a statement holds can be taken
 * for it (Kysely keeps parameter values as given, so the stand-in is found by identity).
 */
export const slot = <T>(name: string): Slot<T> => ({ slot: name }) as unknown as Slot<T>;

/** Past this many shapes a statement is compiled per call rather than kept. */
const MAX_SHAPES = 256;

interface Template {
  sql: string;
  parameters: readonly unknown[];
  /** For each slot, the positions of the parameters it stands in for. */
  positions: number[][];
}

/**
 * A statement built and compiled once per shape, then run with each call's values: building a
 * large Kysely query and compiling it to SQL costs the server more per call than the rest of a
 * read (half a millisecond for the home feed's), and the text depends only on the shape. The
 * statement is built with `slots` in place of the values, and each call puts its own values
 * where the slots went. The same text each time also lets the pool find its prepared statement
 * without hashing a new string.
 */
export function compiledOnce<Shape extends string | number, Values extends unknown[]>(
  slots: { [K in keyof Values]: Slot<Values[K]> },
  build: (shape: Shape, ...values: Values) => Compilable,
): (shape: Shape, ...values: Values) => CompiledQuery {
  const templates = new Map<Shape, Template>();
  const compile = (shape: Shape): Template => {
    const { sql, parameters } = build(shape, ...(slots as unknown as Values)).compile();
    const positions = slots.map((s) =>
      parameters.flatMap((value, index) => (value === s ? [index] : [])),
    );
    return { sql, parameters, positions };
  };
  return (shape, ...values) => {
    let template = templates.get(shape);
    if (!template) {
      template = compile(shape);
      if (templates.size < MAX_SHAPES) templates.set(shape, template);
    }
    const parameters = [...template.parameters];
    template.positions.forEach((indexes, i) => {
      for (const index of indexes) parameters[index] = values[i];
    });
    return CompiledQuery.raw(template.sql, parameters);
  };
}
