import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/**
 * How deeply a request body may nest objects and arrays. The deepest body any route takes is a
 * few levels (backup settings, a log entry's data); recursion over a value nested thousands of
 * levels deep (JSON.stringify for jsonb, a schema walking it) overflows the stack.
 */
export const JSON_DEPTH_LIMIT = 32;

/** Whether `value` nests objects or arrays more than `limit` levels; its own stack, no recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 1 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null)
        pending.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}

/** Refuses a parsed JSON body nested deeper than `limit` with 400, before any route reads it. */
export function jsonDepthLimit(limit = JSON_DEPTH_LIMIT): RequestHandler {
  return (req, _res, next) => {
    if (!nestedDeeperThan(req.body, limit)) return next();
    next(
      new HttpError(
        400,
        'too-deeply-nested',
        `The request body is nested more than ${limit} levels deep.`,
      ),
    );
  };
}
