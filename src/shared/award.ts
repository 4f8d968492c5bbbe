import { z } from 'zod';
import { idSchema } from './ids';

/** Staff turn a festival's audience award on (or change it): the voting window and the watched share. */
export const awardSettingsSchema = z
  .object({
    /** Hours after a title's screening ends during which its ticket holders may vote. */
    window_hours: z.number().int().min(1).max(720),
    /** Per cent of the title a viewer must have watched (saved watch time) to vote online. */
    min_watched_percent: z.number().int().min(0).max(100),
  })
  .meta({ id: 'AwardSettings' });
export type AwardSettingsBody = z.infer<typeof awardSettingsSchema>;

/** Publish the results on the festival page, or take them back. */
export const awardPublishSchema = z.object({ published: z.boolean() }).meta({ id: 'AwardPublish' });

/** A viewer's rating of one festival title; out-of-range ratings answer 422 with a clear message. */
export const awardVoteSchema = z
  .object({ product_id: idSchema, rating: z.number().int() })
  .meta({ id: 'AwardVote' });
export type AwardVoteBody = z.infer<typeof awardVoteSchema>;

export const awardResultsSchema = z
  .object({
    festival_id: z.number().int(),
    window_hours: z.number().int(),
    min_watched_percent: z.number().int(),
    /** When staff published the results (ISO 8601); null while they are staff-only. */
    published_at: z.string().nullable(),
    titles: z.array(
      z.object({
        product_id: z.number().int(),
        title: z.string(),
        votes: z.number().int(),
        /** The mean rating, two decimals; null without votes. */
        average: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'AwardResults' });
export type AwardResultsBody = z.infer<typeof awardResultsSchema>;
