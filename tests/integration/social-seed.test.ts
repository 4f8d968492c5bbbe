import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TITLES } from '~/server/demo/catalogue-data';
import { seedDemoData } from '~/server/demo/seed';
import { DEMO_COMMENTS, demoCommentsStep, demoStaffStep } from '~/server/demo/social';
import { demoViewerStep } from '~/server/demo/viewer';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';

describe(`social demo seed on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  beforeAll(async () => {
    app = await startAccountsApp();
  });
  afterAll(() => app.close());

  it('comments on titles the demo catalogue has', () => {
    const slugs = new Set(DEMO_TITLES.map((title) => title.slug));
    expect(DEMO_COMMENTS.filter(([slug]) => !slugs.has(slug))).toEqual([]);
  });

  it('adds the demo moderator and approved comments on demo titles found by slug, which anyone can read', async () => {
    const [film = 0] = await insertProducts(
      app,
      DEMO_COMMENTS.map(([slug]) => slug),
    );
    expect(
      await seedDemoData(app.ctx.database.db, app.clock, [demoViewerStep, demoStaffStep, demoCommentsStep]),
    ).toEqual(['demo-viewer', 'demo-staff', 'demo-comments']);
    const login = await (await app.login('09120000001', 'staff-pass-1404')).json();
    const approved = await (await app.as(login.token, '/staff/comments?status=approved')).json();
    expect(approved.comments).toHaveLength(3);
    const listed = await (await app.request(`/products/${film}/comments`)).json();
    expect(listed.comments).toMatchObject([{ author: 'بیننده نمایشی', replies: [] }]);
  });
});
