import type { ShopCategory } from '../../shared/shop';
import { listProvinces } from '../core/places';
import type { DbTransaction } from '../db/client';
import { deliveryMethods, shopProducts, shopVariants } from '../db/schema';
import type { SeedStep } from './step';

/**
 * The demo shop: about thirty goods around the demo catalogue's films, in both languages, with
 * artwork the server draws from their names. Some come in sizes or formats; a few are sold out.
 */

interface DemoVariant {
  fa: string | null;
  en: string | null;
  /** Rials and cents. */
  irr: number;
  usd: number;
  stock: number;
}

interface DemoGoods {
  slug: string;
  category: ShopCategory;
  fa: string;
  en: string;
  about: [fa: string, en: string];
  related: string[];
  variants: DemoVariant[];
}

const one = (irr: number, usd: number, stock: number): DemoVariant[] => [
  { fa: null, en: null, irr, usd, stock },
];

const SIZES: [string, string][] = [
  ['کوچک', 'S'],
  ['متوسط', 'M'],
  ['بزرگ', 'L'],
  ['خیلی بزرگ', 'XL'],
];
const sized = (irr: number, usd: number, stocks: number[]): DemoVariant[] =>
  SIZES.map(([fa, en], index) => ({ fa, en, irr, usd, stock: stocks[index] ?? 0 }));

const POSTER_SIZES = (irr: number, usd: number, stocks: [number, number]): DemoVariant[] => [
  { fa: '۵۰×۷۰ سانتی‌متر', en: '50×70 cm', irr, usd, stock: stocks[0] },
  {
    fa: '۷۰×۱۰۰ سانتی‌متر',
    en: '70×100 cm',
    irr: Math.round(irr * 1.6),
    usd: Math.round(usd * 1.6),
    stock: stocks[1],
  },
];

const DISC_FORMATS = (irr: number, usd: number, stocks: [number, number]): DemoVariant[] => [
  { fa: 'دی‌وی‌دی', en: 'DVD', irr, usd, stock: stocks[0] },
  { fa: 'بلوری', en: 'Blu-ray', irr: Math.round(irr * 1.5), usd: Math.round(usd * 1.5), stock: stocks[1] },
];

export const DEMO_GOODS: DemoGoods[] = [
  {
    slug: 'a-separation-bluray',
    category: 'bluray',
    fa: 'جدایی نادر از سیمین',
    en: 'A Separation',
    about: [
      'نسخهٔ ترمیم‌شده با زیرنویس فارسی و انگلیسی و گفت‌وگو با کارگردان.',
      'Restored edition with Persian and English subtitles and an interview with the director.',
    ],
    related: ['a-separation'],
    variants: DISC_FORMATS(1_850_000, 1_999, [12, 6]),
  },
  {
    slug: 'the-salesman-dvd',
    category: 'dvd',
    fa: 'فروشنده',
    en: 'The Salesman',
    about: ['دی‌وی‌دی فیلم با پشت صحنه.', 'The film on DVD with a making-of.'],
    related: ['the-salesman'],
    variants: one(950_000, 1_299, 20),
  },
  {
    slug: 'about-elly-dvd',
    category: 'dvd',
    fa: 'دربارهٔ الی',
    en: 'About Elly',
    about: ['دی‌وی‌دی با زیرنویس انگلیسی.', 'DVD with English subtitles.'],
    related: ['about-elly'],
    variants: one(890_000, 1_199, 15),
  },
  {
    slug: 'a-hero-bluray',
    category: 'bluray',
    fa: 'قهرمان',
    en: 'A Hero',
    about: ['بلوری با نسخهٔ کارگردان.', 'Blu-ray with the director’s cut.'],
    related: ['a-hero'],
    variants: one(1_950_000, 2_499, 8),
  },
  {
    slug: 'children-of-heaven-dvd',
    category: 'dvd',
    fa: 'بچه‌های آسمان',
    en: 'Children of Heaven',
    about: ['دی‌وی‌دی خانوادگی.', 'A family DVD.'],
    related: ['children-of-heaven'],
    variants: DISC_FORMATS(790_000, 999, [25, 0]),
  },
  {
    slug: 'kiarostami-box',
    category: 'bluray',
    fa: 'جعبهٔ کیارستمی',
    en: 'The Kiarostami Box',
    about: ['پنج فیلم در یک جعبهٔ مجموعه‌ای با کتابچه.', 'Five films in a collector’s box with a booklet.'],
    related: ['taste-of-cherry', 'close-up', 'the-wind-will-carry-us', 'where-is-the-friends-house'],
    variants: one(7_900_000, 8_999, 1),
  },
  {
    slug: 'taste-of-cherry-dvd',
    category: 'dvd',
    fa: 'طعم گیلاس',
    en: 'Taste of Cherry',
    about: ['برندهٔ نخل طلا، روی دی‌وی‌دی.', 'The Palme d’Or winner on DVD.'],
    related: ['taste-of-cherry'],
    variants: one(850_000, 1_099, 0),
  },
  {
    slug: 'the-cow-dvd',
    category: 'dvd',
    fa: 'گاو',
    en: 'The Cow',
    about: ['نسخهٔ ترمیم‌شدهٔ سیاه و سفید.', 'The restored black-and-white print.'],
    related: ['the-cow'],
    variants: one(750_000, 999, 10),
  },
  {
    slug: 'hamoun-bluray',
    category: 'bluray',
    fa: 'هامون',
    en: 'Hamoun',
    about: ['بلوری با تفسیر صوتی.', 'Blu-ray with an audio commentary.'],
    related: ['hamoun'],
    variants: one(1_650_000, 1_899, 5),
  },
  {
    slug: 'script-a-separation',
    category: 'book',
    fa: 'فیلم‌نامهٔ جدایی',
    en: 'A Separation: the Screenplay',
    about: ['فیلم‌نامهٔ کامل با یادداشت‌های نویسنده.', 'The full screenplay with the writer’s notes.'],
    related: ['a-separation'],
    variants: one(1_200_000, 1_599, 30),
  },
  {
    slug: 'kiarostami-poems',
    category: 'book',
    fa: 'همراه باد',
    en: 'Walking with the Wind',
    about: ['شعرهای کوتاه کیارستمی، دوزبانه.', 'Kiarostami’s short poems, bilingual.'],
    related: ['the-wind-will-carry-us'],
    variants: one(980_000, 1_399, 14),
  },
  {
    slug: 'iranian-cinema-history',
    category: 'book',
    fa: 'تاریخ سینمای ایران',
    en: 'A History of Iranian Cinema',
    about: ['از نخستین فیلم‌ها تا موج نو.', 'From the first films to the New Wave.'],
    related: ['the-cow', 'hamoun'],
    variants: one(2_400_000, 2_999, 7),
  },
  {
    slug: 'close-up-essays',
    category: 'book',
    fa: 'کلوزآپ: جستارها',
    en: 'Close-Up: Essays',
    about: ['جستارهایی دربارهٔ مستند و داستان.', 'Essays on documentary and fiction.'],
    related: ['close-up'],
    variants: one(1_100_000, 1_499, 0),
  },
  {
    slug: 'gabbeh-photobook',
    category: 'book',
    fa: 'گبه: کتاب عکس',
    en: 'Gabbeh: a Photobook',
    about: ['رنگ‌های فیلم در عکس‌های پشت صحنه.', 'The film’s colours in stills from the set.'],
    related: ['gabbeh'],
    variants: one(3_200_000, 3_999, 4),
  },
  {
    slug: 'poster-a-separation',
    category: 'poster',
    fa: 'پوستر جدایی',
    en: 'A Separation poster',
    about: ['چاپ روی کاغذ مات ۲۰۰ گرمی.', 'Printed on 200 g matte paper.'],
    related: ['a-separation'],
    variants: POSTER_SIZES(450_000, 699, [40, 12]),
  },
  {
    slug: 'poster-the-cow',
    category: 'poster',
    fa: 'پوستر گاو',
    en: 'The Cow poster',
    about: ['بازچاپ پوستر اصلی ۱۳۴۸.', 'A reprint of the 1969 original.'],
    related: ['the-cow'],
    variants: POSTER_SIZES(450_000, 699, [18, 0]),
  },
  {
    slug: 'poster-close-up',
    category: 'poster',
    fa: 'پوستر کلوزآپ',
    en: 'Close-Up poster',
    about: ['طرح تازه برای بازنمایش فیلم.', 'A new design for the re-release.'],
    related: ['close-up'],
    variants: POSTER_SIZES(450_000, 699, [22, 9]),
  },
  {
    slug: 'poster-children-of-heaven',
    category: 'poster',
    fa: 'پوستر بچه‌های آسمان',
    en: 'Children of Heaven poster',
    about: ['چاپ ریسوگراف در دو رنگ.', 'A two-colour risograph print.'],
    related: ['children-of-heaven'],
    variants: one(520_000, 799, 16),
  },
  {
    slug: 'poster-festival-1404',
    category: 'poster',
    fa: 'پوستر جشنواره ۱۴۰۴',
    en: 'Festival 1404 poster',
    about: ['پوستر رسمی جشنوارهٔ امسال.', 'This year’s official festival poster.'],
    related: [],
    variants: one(380_000, 599, 0),
  },
  {
    slug: 'vinyl-hamoun',
    category: 'vinyl',
    fa: 'موسیقی متن هامون',
    en: 'Hamoun soundtrack',
    about: ['صفحهٔ گرامافون ۱۸۰ گرمی.', 'A 180 g vinyl record.'],
    related: ['hamoun'],
    variants: one(3_900_000, 3_499, 6),
  },
  {
    slug: 'vinyl-the-song-of-sparrows',
    category: 'vinyl',
    fa: 'موسیقی متن آواز گنجشک‌ها',
    en: 'The Song of Sparrows soundtrack',
    about: ['صفحهٔ گرامافون با جلد تاشو.', 'Vinyl in a gatefold sleeve.'],
    related: ['the-song-of-sparrows'],
    variants: one(3_600_000, 3_299, 3),
  },
  {
    slug: 'vinyl-leila',
    category: 'vinyl',
    fa: 'موسیقی متن لیلا',
    en: 'Leila soundtrack',
    about: ['چاپ محدود شماره‌دار.', 'A numbered limited pressing.'],
    related: ['leila'],
    variants: one(4_200_000, 3_799, 0),
  },
  {
    slug: 'vinyl-persian-classics',
    category: 'vinyl',
    fa: 'ترانه‌های فیلم‌های کلاسیک',
    en: 'Songs of the Classics',
    about: ['گزیده‌ای از ترانه‌های سینمای دهه‌های ۴۰ و ۵۰.', 'Film songs of the 1960s and 70s.'],
    related: [],
    variants: one(3_300_000, 2_999, 9),
  },
  {
    slug: 'tshirt-festival',
    category: 'merch',
    fa: 'تی‌شرت جشنواره',
    en: 'Festival T-shirt',
    about: ['پنبهٔ ارگانیک با چاپ لوگوی جشنواره.', 'Organic cotton with the festival logo.'],
    related: [],
    variants: sized(1_400_000, 1_999, [10, 14, 8, 0]),
  },
  {
    slug: 'tshirt-close-up',
    category: 'merch',
    fa: 'تی‌شرت کلوزآپ',
    en: 'Close-Up T-shirt',
    about: ['قاب مشهور پایان فیلم روی تی‌شرت.', 'The film’s famous last frame on a T-shirt.'],
    related: ['close-up'],
    variants: sized(1_400_000, 1_999, [5, 7, 3, 2]),
  },
  {
    slug: 'tote-cinemakhaneh',
    category: 'merch',
    fa: 'کیف پارچه‌ای سینماخانه',
    en: 'Cinemakhaneh tote bag',
    about: ['کیف کرباسی با بند بلند.', 'A canvas bag with a long strap.'],
    related: [],
    variants: one(690_000, 999, 35),
  },
  {
    slug: 'mug-white-balloon',
    category: 'merch',
    fa: 'ماگ بادکنک سفید',
    en: 'The White Balloon mug',
    about: ['ماگ سرامیکی ۳۰۰ میلی‌لیتری.', 'A 300 ml ceramic mug.'],
    related: ['the-white-balloon'],
    variants: one(550_000, 899, 20),
  },
  {
    slug: 'notebook-gilaneh',
    category: 'merch',
    fa: 'دفترچهٔ گیلانه',
    en: 'Gilaneh notebook',
    about: ['دفترچهٔ خط‌دار با جلد پارچه‌ای.', 'A lined notebook with a cloth cover.'],
    related: ['gilaneh'],
    variants: one(420_000, 649, 0),
  },
  {
    slug: 'pin-set-festival',
    category: 'merch',
    fa: 'مجموعهٔ نشان جشنواره',
    en: 'Festival pin set',
    about: ['پنج نشان فلزی میناکاری.', 'Five enamel pins.'],
    related: [],
    variants: one(390_000, 599, 50),
  },
  {
    slug: 'cap-cinemakhaneh',
    category: 'merch',
    fa: 'کلاه سینماخانه',
    en: 'Cinemakhaneh cap',
    about: ['کلاه نقاب‌دار با گلدوزی.', 'An embroidered cap.'],
    related: [],
    variants: sized(790_000, 1_199, [0, 6, 6, 0]),
  },
];

async function insertGoods(tx: DbTransaction): Promise<void> {
  for (const goods of DEMO_GOODS) {
    const [product] = await tx
      .insert(shopProducts)
      .values({
        slug: goods.slug,
        category: goods.category,
        titleFa: goods.fa,
        titleEn: goods.en,
        descriptionFa: goods.about[0],
        descriptionEn: goods.about[1],
        relatedTitles: goods.related,
      })
      .returning({ id: shopProducts.id });
    await tx.insert(shopVariants).values(
      goods.variants.map((variant, position) => ({
        productId: product!.id,
        labelFa: variant.fa,
        labelEn: variant.en,
        position,
        priceIrr: variant.irr,
        priceUsd: variant.usd,
        stock: variant.stock,
      })),
    );
  }
}

/** Post everywhere, a freight company, and a courier in the capital's province. */
export function demoDeliveryMethods() {
  const tehran = listProvinces().find((province) => province.name === 'تهران')!;
  return [
    {
      slug: 'express-post',
      titleFa: 'پست پیشتاز',
      titleEn: 'Express post',
      priceIrr: 450_000,
      priceUsd: 499,
      daysMin: 2,
      daysMax: 5,
    },
    {
      slug: 'freight',
      titleFa: 'باربری تیپاکس',
      titleEn: 'Tipax freight',
      priceIrr: 750_000,
      priceUsd: 799,
      daysMin: 1,
      daysMax: 3,
    },
    {
      slug: 'tehran-courier',
      titleFa: 'پیک تهران',
      titleEn: 'Tehran courier',
      priceIrr: 350_000,
      priceUsd: 399,
      daysMin: 0,
      daysMax: 1,
      stateIds: [tehran.id],
    },
  ];
}

export const demoShopStep: SeedStep = {
  name: 'shop',
  async run(tx) {
    await tx.insert(deliveryMethods).values(demoDeliveryMethods());
    await insertGoods(tx);
  },
};
