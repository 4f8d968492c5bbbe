import { and, eq, inArray } from 'drizzle-orm';
import { comments, products, profiles, users } from '../db/schema';
import type { SeedStep } from './step';
import { DEMO_VIEWER, insertDemoAccount } from './viewer';

/** The demo staff admin named in the README: log in with 09120000001 and this password. */
export const DEMO_STAFF = {
  phone: '+989120000001',
  password: 'staff-pass-1404',
  name: 'ناظر نمایشی',
} as const;

export const demoStaffStep: SeedStep = {
  name: 'demo-staff',
  async run(tx, now) {
    await insertDemoAccount(tx, now, { ...DEMO_STAFF, staffRoles: ['admin'] });
  },
};

/** Demo comments by the title's slug in the demo catalogue (src/server/demo/catalogue-data.ts). */
export const DEMO_COMMENTS = [
  ['a-separation', 'دیدن این فیلم را به همه پیشنهاد می‌کنم؛ هر بار چیز تازه‌ای در آن پیدا می‌کنم.'],
  ['children-of-heaven', 'A beautiful, simple film. The race at the end stayed with me for days.'],
  ['taste-of-cherry', 'ریتمش آرام است ولی پایانش فراموش‌نشدنی است.'],
] as const;

/**
 * A few approved comments by the demo viewer on demo catalogue titles, found by slug. It comes after
 * the catalogue's step in `demoSeed`; titles that are missing are skipped (and, like every step, it is
 * not retried).
 */
export const demoCommentsStep: SeedStep = {
  name: 'demo-comments',
  async run(tx, now) {
    const titles = await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(
        inArray(
          products.slug,
          DEMO_COMMENTS.map(([slug]) => slug),
        ),
      );
    const bodies = new Map<string, string>(DEMO_COMMENTS);
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
      titles.map((title) => ({
        productId: title.id,
        userId: author.userId,
        profileId: author.profileId,
        body: bodies.get(title.slug) ?? '',
        status: 'approved' as const,
        createdAt: now,
        moderatedAt: now,
        moderatedBy: moderator?.id ?? null,
      })),
    );
  },
};
