import { inArray } from 'drizzle-orm';
import { cafes, cafeSessions, cafeStaff, products } from '../db/schema';
import type { SeatMap } from '../../shared/cafe-constants';
import { addDays, iranDay, tehranTime } from '../../lib/iran-day';
import type { SeedStep } from './step';
import { insertDemoAccount } from './viewer';
import { seatsOnMap } from '../cafes/seat-map';

/**
 * Demo cafes in Tehran, Isfahan and Shiraz, sessions around the demo screenings (at their own times)
 * and of a few films in the coming days, and the cafe staff account the README names, working for the
 * first cafe. Runs after the catalogue step; titles missing from it are skipped.
 */

/** The demo cafe staff named in the README: log in with 09120000020 and this password. */
export const DEMO_CAFE_STAFF = {
  phone: '+989120000020',
  password: 'cafe-pass-1404',
  name: 'کارمند کافه روشنایی',
  cafe: 'roshanai',
} as const;

const photos = (slug: string) => [1, 2, 3].map((n) => `/cafe-photos/${slug}-${n}.svg`);

export const DEMO_CAFES = [
  {
    slug: 'roshanai',
    nameFa: 'کافه روشنایی',
    nameEn: 'Roshanai Cafe',
    city: 'tehran',
    cityFa: 'تهران',
    cityEn: 'Tehran',
    addressFa: 'تهران، خیابان انقلاب، نبش خیابان فلسطین، پلاک ۱۲',
    addressEn: '12 Enghelab Street, at Felestin Street, Tehran',
    latitude: 35.7009,
    longitude: 51.4063,
    capacity: 40,
    hoursFa: 'هر روز ۱۰ تا ۲۳',
    hoursEn: 'Daily 10:00–23:00',
  },
  {
    slug: 'parde',
    nameFa: 'کافه پرده',
    nameEn: 'Parde Cafe',
    city: 'tehran',
    cityFa: 'تهران',
    cityEn: 'Tehran',
    addressFa: 'تهران، تجریش، کوچهٔ سعیدی، پلاک ۴',
    addressEn: '4 Saeedi Alley, Tajrish, Tehran',
    latitude: 35.8049,
    longitude: 51.4267,
    capacity: 30,
    hoursFa: 'شنبه تا پنج‌شنبه ۱۲ تا ۲۴',
    hoursEn: 'Saturday to Thursday 12:00–24:00',
  },
  {
    slug: 'chaharbagh',
    nameFa: 'کافه چهارباغ',
    nameEn: 'Chaharbagh Cafe',
    city: 'isfahan',
    cityFa: 'اصفهان',
    cityEn: 'Isfahan',
    addressFa: 'اصفهان، خیابان چهارباغ عباسی، کوچهٔ ۱۸',
    addressEn: 'Alley 18, Chaharbagh Abbasi Street, Isfahan',
    latitude: 32.6546,
    longitude: 51.6674,
    capacity: 35,
    hoursFa: 'هر روز ۹ تا ۲۳',
    hoursEn: 'Daily 09:00–23:00',
  },
  {
    slug: 'narenjestan',
    nameFa: 'کافه نارنجستان',
    nameEn: 'Narenjestan Cafe',
    city: 'shiraz',
    cityFa: 'شیراز',
    cityEn: 'Shiraz',
    addressFa: 'شیراز، خیابان لطفعلی‌خان زند، روبه‌روی نارنجستان قوام',
    addressEn: 'Lotf Ali Khan Zand Street, across from Narenjestan Ghavam, Shiraz',
    latitude: 29.6076,
    longitude: 52.5485,
    capacity: 25,
    hoursFa: 'هر روز ۱۶ تا ۲۴',
    hoursEn: 'Daily 16:00–24:00',
  },
] as const;

type CafeSlug = (typeof DEMO_CAFES)[number]['slug'];

/** Online screenings shown at their own time, at these cafes. */
const SCREENING_SESSIONS: Record<string, readonly CafeSlug[]> = {
  'kamkars-night-live': ['roshanai', 'narenjestan'],
  'the-orange-grove-live': ['roshanai', 'parde', 'chaharbagh', 'narenjestan'],
  'the-silent-shore-live': ['parde', 'chaharbagh'],
  'tehran-nights-live': ['roshanai'],
};

/** Parde's hall (issue 25): five rows of six numbered seats with an aisle down the middle. */
const PARDE_HALL: SeatMap = {
  rows: Array.from({ length: 5 }, () => [1, 2, 3, null, 4, 5, 6]),
};

/** Films shown at a cafe this many days after seeding, in the evening (Tehran time), some on a seat map. */
const FILM_SESSIONS: readonly {
  slug: string;
  cafe: CafeSlug;
  inDays: number;
  tehranTime: string;
  seatMap?: SeatMap;
}[] = [
  { slug: 'a-separation', cafe: 'roshanai', inDays: 1, tehranTime: '19:30' },
  { slug: 'children-of-heaven', cafe: 'chaharbagh', inDays: 1, tehranTime: '18:00' },
  { slug: 'taste-of-cherry', cafe: 'narenjestan', inDays: 2, tehranTime: '20:00' },
  { slug: 'a-separation', cafe: 'parde', inDays: 3, tehranTime: '21:00', seatMap: PARDE_HALL },
];

/** `time` in Tehran, `inDays` Iranian days after the one `now` falls on. */
function tehranEvening(now: Date, inDays: number, time: string): Date {
  return tehranTime(addDays(iranDay(now), inDays), time);
}

const HOUR_MS = 3_600_000;
const SEAT_PRICE = { priceIrr: 1_500_000, priceUsd: 500 };

export const demoCafesStep: SeedStep = {
  name: 'demo-cafes',
  async run(tx, now) {
    const inserted = await tx
      .insert(cafes)
      .values(DEMO_CAFES.map((cafe) => ({ ...cafe, photos: photos(cafe.slug), createdAt: now })))
      .returning({ id: cafes.id, slug: cafes.slug, capacity: cafes.capacity });
    const cafeBySlug = new Map(inserted.map((cafe) => [cafe.slug, cafe]));
    const slugs = [...Object.keys(SCREENING_SESSIONS), ...FILM_SESSIONS.map((film) => film.slug)];
    const titles = await tx
      .select({ id: products.id, slug: products.slug, startsAt: products.startsAt, endsAt: products.endsAt })
      .from(products)
      .where(inArray(products.slug, slugs));
    const titleBySlug = new Map(titles.map((title) => [title.slug, title]));
    const sessions = [
      ...Object.entries(SCREENING_SESSIONS).flatMap(([slug, at]) => {
        const title = titleBySlug.get(slug);
        if (!title?.startsAt || !title.endsAt) return [];
        return at.map((cafe) => ({
          cafe,
          productId: title.id,
          startsAt: title.startsAt!,
          endsAt: title.endsAt!,
          seatMap: null,
        }));
      }),
      ...FILM_SESSIONS.flatMap(({ slug, cafe, inDays, tehranTime, seatMap }) => {
        const title = titleBySlug.get(slug);
        if (!title) return [];
        const startsAt = tehranEvening(now, inDays, tehranTime);
        const endsAt = new Date(startsAt.getTime() + 2 * HOUR_MS);
        return [{ cafe, productId: title.id, startsAt, endsAt, seatMap: seatMap ?? null }];
      }),
    ];
    if (sessions.length > 0) {
      await tx.insert(cafeSessions).values(
        sessions.map(({ cafe, seatMap, ...session }) => {
          const place = cafeBySlug.get(cafe)!;
          // A numbered session sells the seats on its map; any other, the cafe's capacity.
          const seats = seatMap ? seatsOnMap(seatMap) : place.capacity;
          return { ...session, cafeId: place.id, seats, seatMap, ...SEAT_PRICE, createdAt: now };
        }),
      );
    }
    const { cafe, ...account } = DEMO_CAFE_STAFF;
    const staffId = await insertDemoAccount(tx, now, account);
    if (staffId !== null) {
      await tx
        .insert(cafeStaff)
        .values({ userId: staffId, cafeId: cafeBySlug.get(cafe)!.id, createdAt: now });
    }
  },
};
