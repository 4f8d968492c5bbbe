import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { parse } from 'yaml';
import type { z } from 'zod';
import { landingSchema, type Landing, type LandingBlock } from '../../lib/landing-schema';
import type { Locale } from '../../lib/locale';
import type { ContentFile, ContentPreview, MarketingReport } from '../../shared/staff-marketing';
import { rowsSchema, sliderSchema, type CuratedRows, type SliderContent } from '../catalog';
import type { AppContext } from '../context';
import { products, subscriptionPackages } from '../db/schema';
import { slugsOf } from '../growth';

type Names = Map<string, { fa: string; en: string }>;
type Localized = { fa: string; en: string };

interface Check<T> {
  data: T | null;
  errors: ContentFile['errors'];
}

/** Reads and validates one file; a file that cannot be read or parsed is one error at its root. */
async function check<T>(
  file: string,
  schema: z.ZodType<T>,
  parseText: (text: string) => unknown,
): Promise<Check<T>> {
  let raw: unknown;
  try {
    raw = parseText(await readFile(file, 'utf8'));
  } catch (error) {
    return { data: null, errors: [{ path: '', message: (error as Error).message.split('\n')[0] ?? '' }] };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { data: parsed.data, errors: [] };
  return {
    data: null,
    errors: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}

async function titleNames(ctx: AppContext, slugs: string[]): Promise<Names> {
  if (slugs.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({ slug: products.slug, fa: products.titleFa, en: products.titleEn })
    .from(products)
    .where(inArray(products.slug, slugs));
  return new Map(rows.map((row) => [row.slug, { fa: row.fa, en: row.en }]));
}

async function packageNames(ctx: AppContext, slugs: string[]): Promise<Names> {
  if (slugs.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({
      slug: subscriptionPackages.slug,
      fa: subscriptionPackages.titleFa,
      en: subscriptionPackages.titleEn,
    })
    .from(subscriptionPackages)
    .where(inArray(subscriptionPackages.slug, slugs));
  return new Map(rows.map((row) => [row.slug, { fa: row.fa, en: row.en }]));
}

/** The name of a slug in one language; an unknown slug shows itself, marked. */
const nameOf = (names: Names, slug: string, locale: Locale) => names.get(slug)?.[locale] ?? `✗ ${slug}`;

function blockSection(block: LandingBlock, locale: Locale, titles: Names, packages: Names) {
  const text = (value: Localized | undefined) => (value ? value[locale] : '');
  const actionLine = (action: Extract<LandingBlock, { type: 'cta' }>['action'] | undefined) =>
    action
      ? `${action.label[locale]} → ${'href' in action ? action.href : nameOf(titles, action.title, locale)}`
      : '';
  const lines = (() => {
    switch (block.type) {
      case 'hero':
        return [
          text(block.lead),
          block.artwork ? nameOf(titles, block.artwork, locale) : '',
          actionLine(block.action),
        ];
      case 'titles':
        return block.titles.map((slug) => nameOf(titles, slug, locale));
      case 'offer':
        return [
          text(block.text),
          block.code,
          ...block.packages.map((slug) => nameOf(packages, slug, locale)),
        ];
      case 'countdown':
        return [nameOf(titles, block.screening, locale)];
      case 'testimonials':
        return block.items.map((item) => `«${text(item.quote)}» ${text(item.author)}`);
      case 'faq':
        return block.items.flatMap((item) => [text(item.question), text(item.answer)]);
      case 'cta':
        return [text(block.text), actionLine(block.action)];
    }
  })();
  const heading = 'heading' in block ? `${block.type}: ${text(block.heading)}` : block.type;
  return { heading, lines: lines.filter((line) => line !== '') };
}

const bothLanguages = (build: (locale: Locale) => ContentPreview) => ({ fa: build('fa'), en: build('en') });

async function sliderFile(ctx: AppContext, root: string): Promise<ContentFile> {
  const file = 'src/content/home/slider.json';
  const { data, errors } = await check<SliderContent>(path.join(root, file), sliderSchema, JSON.parse);
  const names = await titleNames(ctx, data?.slides.map((slide) => slide.slug) ?? []);
  return {
    kind: 'slider',
    file,
    slug: null,
    valid: data !== null,
    errors,
    unknown: data?.slides.map((slide) => slide.slug).filter((slug) => !names.has(slug)) ?? [],
    preview:
      data &&
      bothLanguages((locale) => ({
        title: locale === 'fa' ? 'اسلایدر صفحه اصلی' : 'Home slider',
        sections: data.slides.map((slide) => ({
          heading: nameOf(names, slide.slug, locale),
          lines: slide.tagline ? [slide.tagline[locale]] : [],
        })),
      })),
  };
}

async function rowsFile(ctx: AppContext, root: string): Promise<ContentFile> {
  const file = 'src/content/home/rows.json';
  const { data, errors } = await check<{ rows: CuratedRows }>(path.join(root, file), rowsSchema, JSON.parse);
  const slugs = data?.rows.flatMap((row) => row.slugs) ?? [];
  const names = await titleNames(ctx, slugs);
  return {
    kind: 'rows',
    file,
    slug: null,
    valid: data !== null,
    errors,
    unknown: [...new Set(slugs.filter((slug) => !names.has(slug)))],
    preview:
      data &&
      bothLanguages((locale) => ({
        title: locale === 'fa' ? 'ردیف‌های صفحه اصلی' : 'Home rows',
        sections: data.rows.map((row) => ({
          heading: row.title[locale],
          lines: row.slugs.map((slug) => nameOf(names, slug, locale)),
        })),
      })),
  };
}

async function landingFile(ctx: AppContext, root: string, name: string): Promise<ContentFile> {
  const file = `src/content/landings/${name}`;
  const { data, errors } = await check<Landing>(path.join(root, file), landingSchema, (text) => parse(text));
  const slugs = data ? slugsOf(data) : { titles: [], packages: [] };
  const [titles, packages] = await Promise.all([
    titleNames(ctx, slugs.titles),
    packageNames(ctx, slugs.packages),
  ]);
  return {
    kind: 'landing',
    file,
    slug: name.slice(0, -'.yaml'.length),
    valid: data !== null,
    errors,
    unknown: [
      ...slugs.titles.filter((slug) => !titles.has(slug)),
      ...slugs.packages.filter((slug) => !packages.has(slug)),
    ],
    preview:
      data &&
      bothLanguages((locale) => ({
        title: data.title[locale],
        sections: [
          { heading: data.campaign, lines: [data.description[locale]] },
          ...data.blocks.map((block) => blockSection(block, locale, titles, packages)),
        ],
      })),
  };
}

/**
 * GET /staff/marketing: the content files as they are on disk now (a change shows without a rebuild),
 * each checked by the schema the site uses for it: the home files by the server's (src/server/catalog/
 * home-content.ts), the landings by the content collection's (src/lib/landing-schema.ts).
 */
export async function marketingReport(ctx: AppContext): Promise<MarketingReport> {
  const root = ctx.config.appRoot;
  const landings = (await readdir(path.join(root, 'src/content/landings')))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  const files = await Promise.all([
    sliderFile(ctx, root),
    rowsFile(ctx, root),
    ...landings.map((name) => landingFile(ctx, root, name)),
  ]);
  return { files };
}
