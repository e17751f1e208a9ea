import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One answer of the server, as the contract needs it. */
export interface ObservedResponse {
  method: string;
  /** The path as requested, without the query: `/api/posts/7`. */
  path: string;
  status: number;
  /** The `Content-Type` header, if any. */
  contentType: string | undefined;
  /** Whether any bytes of a body were sent. */
  hasBody: boolean;
  /** The body's text, kept only when the answer is JSON. */
  text: string | undefined;
}

interface Operation {
  method: string;
  template: string;
  /** The template's segments: a literal, or null for a `{parameter}`. */
  segments: Array<string | null>;
  /** JSON pointer of the operation in the document. */
  pointer: string;
  responses: Json;
}

/** The document's `$id` inside ajv, so that schemas are compiled where they stand. */
const DOCUMENT_ID = 'openapi.json';

const pointerPart = (key: string) =>
  encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

const isJson = (mediaType: string) =>
  mediaType === 'application/json' || mediaType.endsWith('+json');

/** `text/*` covers `text/css`; `*\/*` covers everything. */
function mediaTypeMatches(documented: string, actual: string): boolean {
  const wanted = documented.toLowerCase();
  if (wanted === actual || wanted === '*/*') return true;
  return wanted.endsWith('/*') && actual.startsWith(wanted.slice(0, -1));
}

/**
 * A literal segment before a parameter at the first place two templates differ: Express mounts
 * `/users/me` before `/users/:id`, so that is the route that answered.
 */
function moreSpecificFirst(a: Operation, b: Operation): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i += 1) {
    const literalA = a.segments[i] !== null;
    const literalB = b.segments[i] !== null;
    if (literalA !== literalB) return literalA ? -1 : 1;
  }
  return 0;
}

/** What a path the API has no operation for may answer (see `noSuchOperationProblem`). */
const NO_SUCH_OPERATION_STATUSES = new Set([400, 403, 404, 413, 415, 503]);

const excerpt = (text: string | undefined) =>
  text === undefined ? '' : text.length > 300 ? `${text.slice(0, 300)}…` : text;

/**
 * Checks real answers against an OpenAPI 3.1 document: the status must be one the operation
 * lists, the media type one it lists for that status, and a JSON body must match its schema
 * (ajv, JSON Schema 2020-12). Each schema is compiled once, when first needed.
 */
export class ResponseContract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly base: string;

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema(document, DOCUMENT_ID);
    const servers = Array.isArray(document.servers) ? document.servers : [];
    const server = isObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '';
    this.base = server.replace(/\/$/, '');
    const paths = isObject(document.paths) ? document.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!isObject(operation) || !isObject(operation.responses)) continue;
        this.operations.push({
          method: method.toUpperCase(),
          template,
          segments: template
            .split('/')
            .slice(1)
            .map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment)),
          pointer: `#/paths/${pointerPart(template)}/${method}`,
          responses: operation.responses,
        });
      }
    }
    this.operations.sort(moreSpecificFirst);
  }

  /** Whether the path is under the document's server URL (`/api`). */
  covers(path: string): boolean {
    return path.startsWith(`${this.base}/`);
  }

  /** The operation Express would have routed the request to, if the document has one. */
  operationFor(method: string, path: string): Operation | undefined {
    const segments = path.slice(this.base.length).split('/').slice(1);
    // As Express routes it: a trailing slash is optional (non-strict routing), and a parameter
    // never matches an empty segment (`/backups/restores/` is the list, not a job named '').
    if (segments.length > 1 && segments.at(-1) === '') segments.pop();
    // Express answers HEAD with the GET route.
    const wanted = method === 'HEAD' ? 'GET' : method;
    return this.operations.find(
      (operation) =>
        operation.method === wanted &&
        operation.segments.length === segments.length &&
        operation.segments.every((part, i) =>
          part === null ? segments[i] !== '' : part === segments[i],
        ),
    );
  }

  /** What is wrong with the answer, or null when the document describes it. */
  problemOf(response: ObservedResponse): string | null {
    const said = `${response.method} ${response.path} answered ${response.status}`;
    const operation = this.operationFor(response.method, response.path);
    if (!operation) return this.noSuchOperationProblem(response, said);
    const name = `${operation.method} ${operation.template}`;
    const status = String(response.status);
    const described = operation.responses[status];
    if (described === undefined) {
      const listed = Object.keys(operation.responses).join(', ');
      return `${said}: ${name} lists only ${listed} ${excerpt(response.text)}`;
    }
    const responsePointer = `${operation.pointer}/responses/${status}`;
    const resolved = this.resolve(described);
    const content = isObject(resolved.content) ? resolved.content : undefined;
    if (!content) {
      return response.hasBody
        ? `${said} with a body (${response.contentType}), but ${name} ${status} has none`
        : null;
    }
    if (response.method === 'HEAD') return null;
    if (!response.contentType) return `${said} without a Content-Type; ${name} ${status} has one`;
    const actual = mediaTypeOf(response.contentType);
    const documented = Object.keys(content).find((type) => mediaTypeMatches(type, actual));
    if (documented === undefined) {
      const listed = Object.keys(content).join(', ');
      return `${said} as ${actual}, but ${name} ${status} is ${listed}`;
    }
    const media = content[documented];
    if (!isJson(actual) || !isObject(media) || media.schema === undefined) return null;
    let body: unknown;
    try {
      body = JSON.parse(response.text ?? '');
    } catch {
      return `${said} as ${actual}, but the body is not JSON: ${excerpt(response.text)}`;
    }
    // A shared response (`$ref`) is compiled once for every operation that uses it.
    const schemaPointer =
      typeof described === 'object' && described !== null && '$ref' in described
        ? `${String((described as Json).$ref)}/content/${pointerPart(documented)}/schema`
        : `${responsePointer}/content/${pointerPart(documented)}/schema`;
    const validate = this.validatorAt(schemaPointer);
    if (validate(body)) return null;
    const errors = this.ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
    return `${said}, which ${name} ${status} does not describe: ${errors} ${excerpt(response.text)}`;
  }

  /**
   * A request no operation takes still gets the API's answer: 404 `not-found` as an `ApiError`,
   * or the refusal of what runs in front of every route (the body's parser, the origin check, the
   * session's lookup).
   */
  private noSuchOperationProblem(response: ObservedResponse, said: string): string | null {
    if (!NO_SUCH_OPERATION_STATUSES.has(response.status)) {
      return `${said}; the document has no ${response.method} operation there, which answers 404`;
    }
    if (!response.contentType || !isJson(mediaTypeOf(response.contentType))) {
      return `${said} as ${response.contentType}; an API refusal is an ApiError in JSON`;
    }
    let body: unknown;
    try {
      body = JSON.parse(response.text ?? '');
    } catch {
      return `${said}, but the body is not JSON: ${excerpt(response.text)}`;
    }
    const validate = this.validatorAt('#/components/schemas/ApiError');
    if (validate(body)) return null;
    return `${said}, not an ApiError: ${this.ajv.errorsText(validate.errors)}`;
  }

  /** A response object, or the shared one a `$ref` names. */
  private resolve(value: unknown): Json {
    if (!isObject(value) || typeof value.$ref !== 'string') return isObject(value) ? value : {};
    let found: unknown = this.document;
    for (const part of value.$ref.replace(/^#\//, '').split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      found = isObject(found) ? found[key] : undefined;
    }
    return isObject(found) ? found : {};
  }

  private validatorAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer} in the document`);
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}
