import { z } from 'zod';

/**
 * The one error body of /api/v1: a message in the request's language and, for validation failures
 * (status 422), every message of every field. Clients show each field message as its own toast.
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });

export type ApiError = z.infer<typeof apiErrorSchema>;
