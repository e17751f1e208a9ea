import type { ErrorRequestHandler, Request, Response } from 'express';
import { DomainError, type DomainErrorKind } from '../core/errors';
import type { ServerErrorContext } from '../core/module';
import { isConnectionFailure } from '../db/connection-errors';
import { ConcurrencyError } from '../eventstore/errors';
import { HttpError } from './errors';

interface BodyParserError {
  type?: string;
  status?: number;
}

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'limit-exceeded': 429,
  'too-large': 413,
  'unsupported-type': 415,
  unavailable: 503,
};

/** A domain's refusal as the HTTP answer it means. */
function fromDomain(error: DomainError): HttpError {
  return new HttpError(
    STATUS[error.kind],
    error.code,
    error.message,
    error.fields,
    error.currentVersion,
  );
}

/** SQLSTATE class 22, data exception: Postgres refused a value as the request gave it. */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

const DATA_EXCEPTION_MESSAGES: Record<string, string> = {
  '22P02': 'A value in the request is not in the form expected.',
  '22003': 'A number in the request is out of range.',
  '22P05': 'The request contains characters that cannot be stored.',
  '22021': 'The request contains characters that cannot be stored.',
  '22001': 'A value in the request is too long.',
  '22007': 'A date or time in the request is not valid.',
  '22008': 'A date or time in the request is out of range.',
};

/**
 * A data exception that got past the schemas is still the request's fault, not ours: it is
 * answered 400 (the statement's transaction rolled back whole, so nothing was written) and
 * logged, since validation should have caught it first.
 */
function fromDataException(error: unknown): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !DATA_EXCEPTION.test(code)) return null;
  const message = DATA_EXCEPTION_MESSAGES[code] ?? 'A value in the request cannot be stored.';
  return new HttpError(400, 'bad-request', message);
}

/** How long a client is asked to wait while the database is unreachable (a restart takes seconds). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Headers that describe a body other than the error's; an error answer must not claim them. */
const REPRESENTATION_HEADERS = [
  'content-encoding',
  'content-disposition',
  'content-range',
  'etag',
  'last-modified',
];

const internalError = () =>
  new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.');

/**
 * Whether the connection the answer would go out on is closed. A request whose body was
 * destroyed no longer knows its socket; the response's is the one that counts.
 */
function connectionClosed(req: Request, res: Response): boolean {
  return (res.socket ?? req.socket)?.destroyed ?? true;
}

type OnServerError = (error: unknown, where: ServerErrorContext) => void;

const whereOf = (req: Request): ServerErrorContext => ({
  url: `${req.method} ${req.originalUrl}`,
  component: 'http',
  userId: req.session?.userId ?? null,
});

/** Sends the answer, unless part of another has gone out: then the connection is cut. */
function send(res: Response, http: HttpError): void {
  if (res.headersSent) {
    // The client would wait for the rest of an answer that is not coming; a cut tells it at once.
    if (!res.writableEnded) res.destroy();
    return;
  }
  for (const header of REPRESENTATION_HEADERS) res.removeHeader(header);
  res.status(http.status).json(http.toBody());
}

function answer(error: unknown, req: Request, res: Response, onServerError: OnServerError): void {
  // The client went away mid-answer (a page left during a download): nobody is there to read
  // an answer and nothing failed on our side, so it is neither an outage nor a fault.
  if (connectionClosed(req, res) && (error as { code?: unknown }).code === 'ECONNABORTED') {
    req.log.debug({ err: error }, 'the client went away before the answer was sent');
    if (!res.writableEnded) res.end();
    return;
  }
  let http: HttpError;
  const dataError = fromDataException(error);
  const parserError = error as BodyParserError;
  if (error instanceof HttpError) {
    http = error;
  } else if (error instanceof DomainError) {
    http = fromDomain(error);
    if (error.retryAfterSeconds !== undefined && !res.headersSent) {
      res.setHeader('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
  } else if (error instanceof ConcurrencyError) {
    http = new HttpError(
      409,
      'conflict',
      'Someone else changed this at the same time. Please try again.',
    );
  } else if (parserError?.type === 'entity.too.large') {
    http = new HttpError(413, 'payload-too-large', 'The request body is larger than 1 MB.');
  } else if (parserError?.type === 'entity.parse.failed') {
    http = new HttpError(400, 'malformed-json', 'The request body is not valid JSON.');
  } else if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
    http = new HttpError(parserError.status, 'bad-request', 'The request could not be read.');
  } else if (dataError) {
    req.log.warn({ err: error }, 'the database refused a value of the request');
    http = dataError;
  } else if (isConnectionFailure(error)) {
    // Not a fault of the request nor a bug: the database is down or restarting. Clients retry.
    req.log.warn({ err: error }, 'the database is unreachable');
    if (!res.headersSent) res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    http = new HttpError(
      503,
      'unavailable',
      'The service is temporarily unavailable. Please try again shortly.',
    );
  } else {
    req.log.error({ err: error }, 'request failed');
    onServerError(error, whereOf(req));
    http = internalError();
  }
  send(res, http);
}

/**
 * When answering an error fails in its turn, the request still gets the API's JSON 500 and the
 * failure is logged and monitored: nothing is left for Express's own HTML error page, which
 * would show a stack trace outside production. Every step is guarded; none may throw.
 */
function lastResort(failure: unknown, req: Request, res: Response, onServerError: OnServerError) {
  try {
    req.log.error({ err: failure }, 'answering a failed request failed');
  } catch {
    // The log is what failed; monitoring below still hears of it.
  }
  try {
    onServerError(failure, whereOf(req));
  } catch {
    // Monitoring is out of reach; the client's answer must not wait on it.
  }
  try {
    send(res, internalError());
  } catch {
    res.destroy();
  }
}

/**
 * Turns any error into the API's `{ error: { code, message, fields? } }` answer. An unexpected
 * one is logged and handed to `onServerError` (monitoring records it) and answered 500, and so
 * is a failure of this handler itself. It never passes an error on: Express's default handler,
 * an HTML page, is never reached.
 */
export function createErrorHandler(
  onServerError: OnServerError = () => undefined,
): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    try {
      answer(error, req, res, onServerError);
    } catch (failure) {
      lastResort(failure, req, res, onServerError);
    }
  };
}
