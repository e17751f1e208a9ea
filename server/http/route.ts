import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { parseInput, type ErrorCoder } from './validation';

interface Schemas<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: P;
  query?: Q;
  body?: B;
  coder?: ErrorCoder;
}

export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

const noParams = z.object({});
const noQuery = z.object({});
const noBody = z.unknown().refine(
  // Clients may send `{}` with a bodiless POST; anything else is a mistake worth reporting.
  (b) =>
    b === undefined ||
    (typeof b === 'object' && b !== null && !Array.isArray(b) && Object.keys(b).length === 0),
  {
    message: 'This endpoint takes no request body',
  },
);

/**
 * Wraps a handler so params, query and body are parsed by zod before it runs: a bad request is
 * answered 400 and the handler never sees it. Errors thrown or rejected reach the error handler.
 */
export function route<
  P extends z.ZodType = typeof noParams,
  Q extends z.ZodType = typeof noQuery,
  B extends z.ZodType = typeof noBody,
>(
  schemas: Schemas<P, Q, B>,
  handler: (
    input: Input<z.infer<P>, z.infer<Q>, z.infer<B>>,
    req: Request,
    res: Response,
  ) => Promise<void>,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const input = {
        params: parseInput(schemas.params ?? noParams, req.params),
        query: parseInput(schemas.query ?? noQuery, req.query),
        body: parseInput(schemas.body ?? noBody, req.body, schemas.coder),
      } as Input<z.infer<P>, z.infer<Q>, z.infer<B>>;
      handler(input, req, res).catch(next);
    } catch (error) {
      next(error);
    }
  };
}
