import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../lib/locale';
import { titlePath } from '../../lib/routes';
import { TEHRAN } from '../../lib/schedule-time';
import type { AppContext } from '../context';
import { absoluteUrl } from '../core/public-url';
import { siteConfig } from '../core/site-config';
import { products } from '../db/schema';
import { notFound } from '../errors';

/**
 * Tehran's zone as RFC 5545 wants it beside a TZID: UTC+03:30 all year, as Iran has kept it since it
 * ended daylight saving in 2022 (screenings are in the future, so the older rules are never needed).
 */
const TEHRAN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TEHRAN}`,
  `X-LIC-LOCATION:${TEHRAN}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0330',
  'TZOFFSETTO:+0330',
  'TZNAME:+0330',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * A screening as an .ics file in the viewer's language: one event from its start to its end, written
 * in Tehran time (DTSTART;TZID=Asia/Tehran with its VTIMEZONE), linking to its page. 404 for anything
 * that is not a scheduled screening.
 */
export async function screeningCalendar(ctx: AppContext, productId: number, locale: Locale): Promise<string> {
  const [row] = await ctx.database.db
    .select({
      titleFa: products.titleFa,
      titleEn: products.titleEn,
      startsAt: products.startsAt,
      endsAt: products.endsAt,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.kind, 'screening')));
  if (!row?.startsAt || !row.endsAt) throw notFound();
  const brand = siteConfig.brand[locale];
  const url = absoluteUrl(ctx.config, titlePath('screening', productId, locale));
  const calendar = ical({
    prodId: { company: siteConfig.brand.en, product: 'screenings', language: locale.toUpperCase() },
    // No calendar-wide zone (DTSTAMP stays in UTC, as RFC 5545 requires); the generator adds the
    // VTIMEZONE of the event's TZID.
    timezone: { name: null, generator: (zone) => (zone === TEHRAN ? TEHRAN_VTIMEZONE : null) },
  });
  calendar.createEvent({
    id: `screening-${productId}@${new URL(ctx.config.publicUrl).hostname}`,
    timezone: TEHRAN,
    start: DateTime.fromJSDate(row.startsAt, { zone: TEHRAN }),
    end: DateTime.fromJSDate(row.endsAt, { zone: TEHRAN }),
    stamp: DateTime.fromJSDate(ctx.clock.now(), { zone: 'utc' }),
    summary: `${locale === 'fa' ? row.titleFa : row.titleEn} · ${brand}`,
    description: url,
    url,
  });
  return calendar.toString();
}
