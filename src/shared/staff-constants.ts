/**
 * The staff console's plain values (issue 17), in a file without zod so the database schema, the
 * server and islands can all import them.
 */

/**
 * What a staff member may do: `admin` everything (roles included), `moderator` comments and reports,
 * `support` viewers, payment lookup and the contact inbox, `catalogue` titles, media, screenings,
 * festivals, cafes and home rows, `finance` payments, refunds, discount codes and gifts, `shop` goods,
 * stock and orders. A user may hold several.
 */
export const staffRoles = ['admin', 'moderator', 'support', 'catalogue', 'finance', 'shop'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Whether someone holding `held` may do what any of `allowed` may; admin may do everything. */
export function staffAllows(held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return held.includes('admin') || held.some((role) => allowed.includes(role));
}

/** The state of an inbox item (a contact message, a player problem report). */
export const inboxStatuses = ['new', 'in_progress', 'done'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
