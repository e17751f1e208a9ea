import type { ErrorRequestHandler } from 'express';
import { DomainError, type DomainErrorKind } from '../core/errors';
import type { ServerErrorContext } from '../core/module';
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
  return new HttpError(STATUS[error.kind], error.code, error.message, error.fields);
}

/**
 * Turns any error into the API's `{ error: { code, message, fields? } }` answer. An unexpected
 * one is logged and handed to `onServerError` (monitoring records it) and answered 500.
 */
export function createErrorHandler(
  onServerError: (error: unknown, where: ServerErrorContext) => void = () => undefined,
): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let http: HttpError;
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
    } else {
      req.log.error({ err: error }, 'request failed');
      onServerError(error, {
        url: `${req.method} ${req.originalUrl}`,
        component: 'http',
        userId: req.session?.userId ?? null,
      });
      http = new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.');
    }
    if (res.headersSent) return;
    res.status(http.status).json(http.toBody());
  };
}
