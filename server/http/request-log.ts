import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the caller's `x-request-id` when it is a plain token, else a new UUID. */
    id: string;
    /** A logger whose every line carries the request's id (`requestId`). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.-]{1,100}$/;
const CHILD = Symbol('request logger');

type Logged = Request & { [CHILD]?: Logger };

export interface RequestLogOptions {
  /** Requests that write no line of their own (health checks polled every few seconds). */
  ignore(req: Request): boolean;
  /** Fields known only once the request has run (who asked), added to its line. */
  fieldsAtEnd(req: Request): object;
}

/**
 * `req.id`, the `x-request-id` answer header, `req.log`, and one line for each answered request
 * (`request completed` with `req`, `res`, `responseTime` and `requestId`, the line the log viewer
 * captures), as pino-http wrote them. pino-http built two child loggers for every request to
 * write that one line; here the line is written by the app's logger with the request id among its
 * fields, and `req.log` is made only when something in the request logs of its own (an error, an
 * export), which most requests never do. Those loggers cost a feed page about a twentieth of its
 * server CPU (docs/performance.md, "Request logging without a logger per request").
 */
export function requestLog(
  app: Express,
  logger: Logger,
  options: RequestLogOptions,
): RequestHandler {
  // Every request of this app has Express's request object as its prototype.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Logged): Logger {
      return (this[CHILD] ??= logger.child({ requestId: this.id }));
    },
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    if (options.ignore(req)) return next();
    // As the request arrived: Express rewrites `req.url` under each mount.
    const request = { method: req.method, url: req.url };
    const startedAt = Date.now();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      logLine(logger, req, res, {
        requestId: id,
        req: request,
        res: { statusCode: res.headersSent ? res.statusCode : null },
        responseTime: Date.now() - startedAt,
        ...options.fieldsAtEnd(req),
      });
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

function logLine(logger: Logger, req: Request, res: Response, fields: object): void {
  if (res.statusCode >= 500) {
    logger.info(
      { ...fields, err: new Error(`failed with status code ${res.statusCode}`) },
      'request errored',
    );
    return;
  }
  logger.info(
    fields,
    !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted',
  );
}
