import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';

/**
 * The home slider and curated rows marketing edits as JSON under src/content/home. Titles are named by
 * slug, so files survive a reseed; unknown slugs are skipped rather than failing the home page.
 */
const localizedSchema = z.object({ fa: z.string().min(1), en: z.string().min(1) });
const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const sliderSchema = z.object({
  slides: z.array(z.object({ slug: slugSchema, tagline: localizedSchema.optional() })).max(12),
});

export const rowsSchema = z.object({
  rows: z.array(
    z.object({
      id: slugSchema,
      title: localizedSchema,
      slugs: z.array(slugSchema).min(1),
    }),
  ),
});

export type SliderContent = z.infer<typeof sliderSchema>;
export type CuratedRows = z.infer<typeof rowsSchema>['rows'];

async function readJson<T>(config: Pick<Config, 'appRoot'>, file: string, schema: z.ZodType<T>): Promise<T> {
  const text = await readFile(path.join(config.appRoot, 'src/content/home', file), 'utf8');
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`src/content/home/${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function readSlider(config: Pick<Config, 'appRoot'>): Promise<SliderContent> {
  return readJson(config, 'slider.json', sliderSchema);
}

export async function readCuratedRows(config: Pick<Config, 'appRoot'>): Promise<CuratedRows> {
  return (await readJson(config, 'rows.json', rowsSchema)).rows;
}
