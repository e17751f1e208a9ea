import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';

type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every schema object of the document, by where it is: components, parameters, media types. */
function schemasOf(document: Json): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${at}/${i}`));
    if (!isObject(value)) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'schema') found.push([`${at}/schema`, item]);
      else walk(item, `${at}/${pointer(key)}`);
    }
  };
  walk(document.paths, '#/paths');
  walk(document.components, '#/components');
  const components = isObject(document.components) ? document.components.schemas : undefined;
  for (const [name, schema] of Object.entries(isObject(components) ? components : {})) {
    found.push([`#/components/schemas/${pointer(name)}`, schema]);
  }
  return found;
}

/** Each `{name}` of a path is declared by every operation on it, and nothing else is. */
function pathParameterProblems(document: Json): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    for (const method of HTTP_METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation)) continue;
      const declared = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter((p): p is Json => isObject(p) && p.in === 'path')
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(declared) !== JSON.stringify(template)) {
        problems.push(`${method.toUpperCase()} ${path}: path parameters ${declared.join(', ')}`);
      }
    }
  }
  return problems;
}

/**
 * Everything wrong with an OpenAPI 3.1 document; empty when nothing is. The OpenAPI validator
 * checks the document's structure and that its references resolve, but not the JSON Schemas
 * inside it nor the path templates, so those are checked here as well.
 */
export async function openApiProblems(document: object): Promise<string[]> {
  const json = JSON.parse(JSON.stringify(document)) as Json;
  const validator = new Validator();
  const result = await validator.validate(json);
  if (!result.valid) {
    const errors = result.errors;
    return [typeof errors === 'string' ? errors : JSON.stringify(errors, null, 2)];
  }
  if (validator.version !== '3.1') return [`validated as OpenAPI ${validator.version}, not 3.1`];

  const ajv = new Ajv2020({ strict: false });
  const problems = schemasOf(json).flatMap(([at, schema]) =>
    ajv.validateSchema(schema as Json | boolean) === true
      ? []
      : [`${at}: ${ajv.errorsText(ajv.errors)}`],
  );
  return [...problems, ...pathParameterProblems(json)];
}
