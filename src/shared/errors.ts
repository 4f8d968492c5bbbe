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
    /**
     * Why, for machines: on a 503 (`database_unavailable`, `migrations_pending`, `draining`), on a 409
     * of a cafe seat another buyer holds (`cafe_seat_taken`).
     */
    reason: z.string().optional(),
  })
  .meta({ id: 'Error' });

export type ApiError = z.infer<typeof apiErrorSchema>;
