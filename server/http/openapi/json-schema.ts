import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown };

/** Requests are described as clients write them, responses as the server sends them. */
export type Direction = 'input' | 'output';

const COMPONENT_REF = '#/components/schemas/';
const LOCAL_DEF_REF = /^#\/\$defs\/(.+)$/;
/** How zod names a `$defs` entry it made up for a recursive schema without an id. */
const ANONYMOUS_DEF = /^__schema\d+$/;

/** Component names may only use these characters (OpenAPI 3.1, Components Object). */
const componentName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/** Copies a JSON value with every `$ref` string passed through `rewrite`. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? rewrite(item) : rewriteRefs(item, rewrite),
    ]),
  );
}

/**
 * Converts zod schemas to JSON Schema draft 2020-12 (the dialect of OpenAPI 3.1) and keeps what
 * they share as `components.schemas`. zod puts a schema named with `.meta({ id })`, and a
 * recursive one, under `$defs` with refs relative to the converted schema; embedded in the
 * document those refs would resolve against its root, so each becomes a component instead.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** `hint` names the components of recursive schemas that have no id of their own. */
  convert(schema: z.ZodType, direction: Direction, hint: string): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: direction,
      // A transform's output or a custom type has no JSON Schema; `{}` (any value) is true of it.
      unrepresentable: 'any',
      cycles: 'ref',
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = converted;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;

    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) names.set(key, this.nameOf(key, direction, hint, names));
    let rootName: string | undefined;
    const rewrite = (ref: string): string => {
      if (ref === '#') {
        rootName ??= this.freeName(hint, names);
        return COMPONENT_REF + rootName;
      }
      const def = LOCAL_DEF_REF.exec(ref);
      const name = def && names.get(def[1]!);
      return name ? COMPONENT_REF + name : ref;
    };

    for (const [key, def] of Object.entries(defs)) {
      this.add(names.get(key)!, rewriteRefs(def, rewrite) as JsonSchema);
    }
    const body = rewriteRefs(root, rewrite) as JsonSchema;
    if (rootName === undefined) return body;
    this.add(rootName, body);
    return { $ref: COMPONENT_REF + rootName };
  }

  /** Registers `schema` under a fixed name (shared shapes such as the error body). */
  named(name: string, schema: z.ZodType, direction: Direction): JsonSchema {
    this.add(name, this.convert(schema, direction, name));
    return { $ref: COMPONENT_REF + name };
  }

  /** The schema a component reference stands for, or the schema itself. */
  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_REF)) return schema;
    return this.resolve(this.schemas[ref.slice(COMPONENT_REF.length)] ?? schema);
  }

  private nameOf(key: string, direction: Direction, hint: string, taken: Map<string, string>) {
    if (ANONYMOUS_DEF.test(key)) return this.freeName(hint, taken);
    // A named schema reads differently as input (defaults optional, extra keys allowed).
    return componentName(direction === 'input' ? `${key}Input` : key);
  }

  private freeName(hint: string, taken: Map<string, string>): string {
    const base = componentName(hint);
    const used = new Set([...Object.keys(this.schemas), ...taken.values()]);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}${n}`;
    return name;
  }

  private add(name: string, schema: JsonSchema): void {
    const existing = this.schemas[name];
    if (existing && !isDeepStrictEqual(existing, schema)) {
      throw new Error(
        `Two different schemas are named "${name}" (zod .meta({ id })); give each its own id`,
      );
    }
    this.schemas[name] = schema;
  }
}
