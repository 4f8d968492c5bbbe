import { z } from 'zod';

/**
 * The one error body of /api/v1: a message in the request's language and, for validation failures
 * (status 422), every message of every field. Clients show each field message as its own toast.
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** On a 5xx: the request's id (also its X-Request-Id), for the viewer to quote to support. */
    requestId: z.string().optional(),
    /** On a 503: why, for machines (`database_unavailable`, `migrations_pending`, `draining`). */
    reason: z.string().optional(),
  })
  .meta({ id: 'Error' });

export type ApiError = z.infer<typeof apiErrorSchema>;
