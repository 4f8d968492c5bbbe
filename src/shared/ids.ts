import { z } from 'zod';

/**
 * The largest value of PostgreSQL's `integer`, the type of every id column (serial) and of the counts the
 * API takes. A larger number can name nothing, and PostgreSQL would refuse it with an error instead of
 * finding no row: every id and integer of the contract is bounded by it.
 */
export const MAX_INT4 = 2_147_483_647;

/** An id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_INT4);

/** An id in a path or query string, where it arrives as text. */
export const idTextSchema = z.coerce.number().int().positive().max(MAX_INT4);
