import type { Request } from 'express';
import type { z } from 'zod';
import { defineRoute, type AnyRouteSpec } from './route-spec';

export interface ToggleSpec<P extends z.ZodType<{ id: string }>> {
  /** Express syntax, relative to `/api`, naming the thing by `:id`: `/posts/:id/like`. */
  path: string;
  /** The summaries of POST (turn it on) and DELETE (turn it off). */
  summaries: { on: string; off: string };
  description?: string;
  params: P;
  /** The answer, the same for both: the state as it is after the change. */
  response: z.ZodType;
  errors: readonly number[];
  /** Sets the state for the signed-in member; what it answers is sent as JSON. */
  set(id: string, on: boolean, req: Request): Promise<unknown>;
}

/**
 * A state a member turns on with POST and off with DELETE on one path (a like, a save, a follow):
 * two routes that differ only in their summary and in which way they set it.
 */
export function toggleRoutes<P extends z.ZodType<{ id: string }>>(
  spec: ToggleSpec<P>,
): AnyRouteSpec[] {
  return (['post', 'delete'] as const).map((method) =>
    defineRoute({
      method,
      path: spec.path,
      summary: method === 'post' ? spec.summaries.on : spec.summaries.off,
      ...(spec.description ? { description: spec.description } : {}),
      auth: 'member',
      params: spec.params,
      responses: { 200: spec.response },
      errors: spec.errors,
      async handler({ params }, req, res) {
        res.json(await spec.set(params.id, method === 'post', req));
      },
    }),
  );
}
