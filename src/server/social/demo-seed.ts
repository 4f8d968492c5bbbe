import { and, asc, eq } from 'drizzle-orm';
import { comments, products, profiles, users } from '../db/schema';
import type { SeedStep } from '../db/seed';
import { DEMO_VIEWER, insertDemoAccount } from '../users/demo-viewer';

/** The demo moderator named in the README: log in with 09120000001 and this password. */
export const DEMO_STAFF = {
  phone: '+989120000001',
  password: 'staff-pass-1404',
  name: 'ناظر نمایشی',
} as const;

export const demoStaffStep: SeedStep = {
  name: 'demo-staff',
  async run(tx, now) {
    await insertDemoAccount(tx, now, { ...DEMO_STAFF, isStaff: true });
  },
};

const DEMO_COMMENTS = [
  'دیدن این اثر را به همه پیشنهاد می‌کنم؛ موسیقی و تصویربرداری‌اش فوق‌العاده است.',
  'A beautiful piece of work. The ending stayed with me for days.',
  'بازی‌ها خوب بود ولی ریتم نیمه دوم کمی کند شد.',
] as const;

/**
 * A few approved comments by the demo viewer on the first titles of the catalogue. It must come after
 * the catalogue's seed step; on a database without products it does nothing (and is not retried).
 */
export const demoCommentsStep: SeedStep = {
  name: 'demo-comments',
  async run(tx, now) {
    const titles = await tx
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(DEMO_COMMENTS.length);
    const [author] = await tx
      .select({ userId: users.id, profileId: profiles.id })
      .from(users)
      .innerJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.isMain, true)))
      .where(eq(users.phone, DEMO_VIEWER.phone));
    const [moderator] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, DEMO_STAFF.phone));
    if (!author || titles.length === 0) return;
    await tx.insert(comments).values(
      titles.map((title, index) => ({
        productId: title.id,
        userId: author.userId,
        profileId: author.profileId,
        body: DEMO_COMMENTS[index] ?? DEMO_COMMENTS[0],
        status: 'approved' as const,
        createdAt: now,
        moderatedAt: now,
        moderatedBy: moderator?.id ?? null,
      })),
    );
  },
};
