import type { ErrorRequestHandler } from 'express';
import { captureServerError } from '../domains/monitoring/telemetry-buffer';
import { ConcurrencyError } from '../eventstore/errors';
import { HttpError } from './errors';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Turns any error into the API's `{ error: { code, message, fields? } }` answer. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let http: HttpError;
  const parserError = error as BodyParserError;
  if (error instanceof HttpError) {
    http = error;
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
    captureServerError(error, {
      url: `${req.method} ${req.originalUrl}`,
      component: 'http',
      userId: req.session?.userId ?? null,
    });
    http = new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.');
  }
  if (res.headersSent) return;
  res.status(http.status).json(http.toBody());
};
