import { z } from 'zod';
import { idTextSchema } from './ids';

/** Response and parameter schemas of /api/v1/core/*; bilingual texts come as `x` (fa) and `en_x`. */

export const locationSchema = z
  .object({
    /** ISO 3166-1 alpha-2; null when the address is private or unknown. */
    country: z.string().length(2).nullable(),
    location_currency: z.enum(['IRR', 'USD']),
    is_eea: z.boolean(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationSchema>;

const menuItemSchema = z
  .object({ href: z.string(), en_href: z.string(), title: z.string(), en_title: z.string() })
  .meta({ id: 'MenuItem' });

export const configV3Schema = z
  .object({
    name: z.string(),
    en_name: z.string(),
    support_phone: z.string(),
    support_email: z.string(),
    menu: z.object({ main: z.array(menuItemSchema), footer: z.array(menuItemSchema) }),
    downloads: z.array(
      z.object({
        platform: z.enum(['android', 'ios', 'windows', 'tv']),
        title: z.string(),
        en_title: z.string(),
        href: z.string(),
      }),
    ),
    features: z.object({
      shop: z.boolean(),
      wallet: z.boolean(),
      live_screenings: z.boolean(),
      festivals: z.boolean(),
      gift_coupon: z.boolean(),
    }),
    location: locationSchema,
  })
  .meta({ id: 'ConfigV3' });
export type ConfigV3 = z.infer<typeof configV3Schema>;

const placeFields = {
  id: z.number().int(),
  /** Persian name. */
  name: z.string(),
  en_name: z.string(),
  /** The name in the request's language. */
  title: z.string(),
};

export const stateSchema = z.object(placeFields).meta({ id: 'State' });
export const statesResponseSchema = z.object({ states: z.array(stateSchema) }).meta({ id: 'States' });
export type State = z.infer<typeof stateSchema>;
export type StatesResponse = z.infer<typeof statesResponseSchema>;

export const citySchema = z
  .object({ ...placeFields, state_id: z.number().int(), is_capital: z.boolean() })
  .meta({ id: 'City' });
export const citiesResponseSchema = z
  .object({ state: stateSchema, cities: z.array(citySchema) })
  .meta({ id: 'Cities' });
export type City = z.infer<typeof citySchema>;
export type CitiesResponse = z.infer<typeof citiesResponseSchema>;

export const idParamSchema = z.object({
  id: idTextSchema.meta({ param: { name: 'id', in: 'path' }, example: 8 }),
});

export const avatarSchema = z
  .object({
    id: z.number().int(),
    /** Same-origin path of the SVG image. */
    url: z.string(),
    title: z.string(),
    en_title: z.string(),
  })
  .meta({ id: 'DefaultAvatar' });
export const avatarsResponseSchema = z
  .object({ avatars: z.array(avatarSchema) })
  .meta({ id: 'DefaultAvatars' });
export type DefaultAvatar = z.infer<typeof avatarSchema>;
export type AvatarsResponse = z.infer<typeof avatarsResponseSchema>;

export const captchaSchema = z
  .object({
    /** Send back as `captcha_key` with the answer. */
    key: z.string(),
    /** data: URL of an SVG image (text drawn as paths). */
    img: z.string(),
    /** Answers are case-insensitive; Persian and Arabic digits count as digits. */
    sensitive: z.boolean(),
    /** Seconds until the captcha expires. */
    expires_in: z.number().int(),
  })
  .meta({ id: 'Captcha' });
export type Captcha = z.infer<typeof captchaSchema>;
