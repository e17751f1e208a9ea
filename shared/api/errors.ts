import { z } from 'zod';

/** The one error shape every `/api` endpoint answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    currentVersion: z
      .number()
      .int()
      .optional()
      .describe('With `version-conflict` (409): the version the resource has now.'),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>['error'];
