/**
 * Typed refusals of domain code. Domains throw these and never an HTTP error: the HTTP layer
 * maps each kind to its status (see `server/http/error-handler.ts`), and a socket feature or a
 * worker can read the same error without knowing about HTTP. A rule refuses with the same kind
 * and code in every domain (a block is `forbidden`/`blocked` wherever it applies).
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'limit-exceeded'
  | 'too-large'
  | 'unsupported-type'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable, machine-readable: what clients and tests switch on. */
    readonly code: string,
    message: string,
    /** Per-field messages for forms (`invalid` only). */
    readonly fields?: Record<string, string>,
    /** Seconds until a limited request may be tried again (`limit-exceeded` only). */
    readonly retryAfterSeconds?: number,
    /** The version the resource has now, when the client's was older (`conflict` only). */
    readonly currentVersion?: number,
  ) {
    // A refusal is an answer, not a fault: where it was made is never read, and guards build
    // theirs on every command, refused or not; the stack was most of what one cost.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'DomainError';
  }
}

export const invalid = (code: string, message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', code, message, fields);

/** A refusal of one field, with the message under that field as well. */
export const invalidField = (field: string, code: string, message: string) =>
  invalid(code, message, { [field]: message });

export const unauthenticated = (message = 'You need to sign in first.') =>
  new DomainError('unauthenticated', 'unauthorized', message);

/** `reason` is the code: why it is refused (`blocked`, `operation-not-permitted`, ...). */
export const forbidden = (
  reason = 'forbidden',
  message = 'You do not have permission to do this.',
) => new DomainError('forbidden', reason, message);

/** Something the caller may not see answers exactly like something that does not exist. */
export const notFound = (message = 'Not found', code = 'not-found') =>
  new DomainError('not-found', code, message);

export const conflict = (code: string, message: string) =>
  new DomainError('conflict', code, message);

/**
 * A save made from a version the resource has moved on from (optimistic concurrency): the client
 * learns the version now, to read it again before saving over what someone else wrote.
 */
export const versionConflict = (message: string, currentVersion: number) =>
  new DomainError('conflict', 'version-conflict', message, undefined, undefined, currentVersion);

export const limitExceeded = (code: string, message: string, retryAfterSeconds?: number) =>
  new DomainError('limit-exceeded', code, message, undefined, retryAfterSeconds);

/** Content past a size limit: a file, a member's storage quota. */
export const tooLarge = (code: string, message: string) =>
  new DomainError('too-large', code, message);

/** Content of a type that is not accepted here: known from its bytes, or not the type declared. */
export const unsupportedType = (message: string, code = 'unsupported-type') =>
  new DomainError('unsupported-type', code, message);

export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError('unavailable', 'unavailable', message, undefined, retryAfterSeconds);

/** The refusal when another writer changed the stream first and retries ran out. */
export const concurrentChange = () =>
  conflict('conflict', 'Someone else changed this at the same time. Please try again.');
