import type { z } from 'zod';
import type { AnyRouteSpec } from '../route-spec';
import { pathParameterNames } from './express-path';
import type { JsonSchema, SchemaComponents } from './json-schema';

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

const isRecord = (value: unknown): value is Record<string, JsonSchema> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One parameter per property of an object schema, as clients send it (`io: 'input'`). */
function objectParameters(
  where: 'path' | 'query',
  schema: z.ZodType | undefined,
  schemas: SchemaComponents,
  route: string,
  hint: string,
): ParameterObject[] {
  if (!schema) return [];
  const json = schemas.resolve(schemas.convert(schema, 'input', hint));
  if (json.type !== 'object') {
    throw new Error(`${route}: ${where === 'path' ? 'params' : 'query'} must be a zod object`);
  }
  const properties = isRecord(json.properties) ? json.properties : {};
  const required = new Set(Array.isArray(json.required) ? json.required : []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    // OpenAPI requires every path parameter: Express never matches the route without it.
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** The path parameters (every `:name` of the path) and query parameters of a route. */
export function parametersOf(
  spec: AnyRouteSpec,
  schemas: SchemaComponents,
  operationId: string,
): ParameterObject[] {
  const route = `${spec.method.toUpperCase()} ${spec.path}`;
  const inPath = pathParameterNames(spec.path);
  const path = objectParameters('path', spec.params, schemas, route, `${operationId}Params`);
  const stray = path.filter((p) => !inPath.includes(p.name)).map((p) => p.name);
  if (stray.length > 0) throw new Error(`${route}: params ${stray.join(', ')} not in the path`);
  // Express fills a path parameter the schema does not name as well; it is still part of the URL.
  const undeclared = inPath
    .filter((name) => !path.some((p) => p.name === name))
    .map((name): ParameterObject => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
  const query = objectParameters('query', spec.query, schemas, route, `${operationId}Query`);
  return [...path, ...undeclared, ...query];
}
