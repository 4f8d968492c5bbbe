import { mkdir, mkdtemp, readdir, symlink, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFile, MarketingReport } from '~/shared/staff-marketing';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';
import { grantStaffRoles } from './staff-fixtures';

/** A copy of the site's content files whose landing and slider marketing has just broken. */
async function brokenContentRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'content-'));
  const repo = path.resolve('.');
  await mkdir(path.join(root, 'src/content/home'), { recursive: true });
  await mkdir(path.join(root, 'src/content/landings'), { recursive: true });
  await mkdir(path.join(root, 'src/server/db'), { recursive: true });
  await symlink(path.join(repo, 'src/server/db/migrations'), path.join(root, 'src/server/db/migrations'));
  await copyFile(
    path.join(repo, 'src/content/home/rows.json'),
    path.join(root, 'src/content/home/rows.json'),
  );
  await writeFile(
    path.join(root, 'src/content/home/slider.json'),
    '{ "slides": [ { "slug": "a-separation" }, ] }',
  );
  await writeFile(
    path.join(root, 'src/content/landings/spring.yaml'),
    [
      'campaign: Spring Sale',
      'updated: 2026-03-01',
      'title: { fa: بهار, en: Spring }',
      'description: { fa: بهار, en: Spring }',
      'blocks:',
      '  - type: titles',
      '    heading: { fa: فیلم‌ها }',
      '    titles: [a-separation]',
    ].join('\n'),
  );
  return root;
}

describe(`the home and campaign content check on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  beforeAll(async () => {
    app = await startAccountsApp();
    await insertProducts(app, ['a-separation']);
    const staff = await app.signUp('09125550001');
    await grantStaffRoles(app, staff.me.id, 'catalogue');
    token = staff.token;
  });
  afterAll(() => app.close());

  it('previews every file of the repository in both languages, all valid, naming titles the catalogue lacks', async () => {
    const { files } = (await (await app.as(token, '/staff/marketing')).json()) as MarketingReport;
    const landings = (await readdir('src/content/landings')).filter((name) => name.endsWith('.yaml'));
    expect(files.map((file) => file.file)).toEqual([
      'src/content/home/slider.json',
      'src/content/home/rows.json',
      ...landings.sort().map((name) => `src/content/landings/${name}`),
    ]);
    expect(files.every((file) => file.valid && file.errors.length === 0)).toBe(true);
    const [slider] = files;
    expect(slider?.preview?.fa.sections[0]).toEqual({
      heading: 'فیلم 1',
      lines: ['شاهکار اصغر فرهادی، برنده اسکار بهترین فیلم خارجی‌زبان'],
    });
    expect(slider?.preview?.en.sections[0]?.heading).toBe('Film 1');
    expect(slider?.unknown).not.toContain('a-separation');
    expect(slider?.unknown.length).toBeGreaterThan(0);

    const nowruz = files.find((file) => file.slug === 'landing1') as ContentFile;
    expect(nowruz.preview?.fa.title).toBe('نوروز با سینماخانه، اشتراک با ۲۰٪ تخفیف');
    expect(nowruz.preview?.en.title).toBe('Nowruz with Cinemakhaneh, 20% off a subscription');
    expect(nowruz.preview?.en.sections[0]).toMatchObject({ heading: 'nowruz-1405' });
    // No packages in this database: the offer's packages are named as unknown.
    expect(nowruz.unknown).toEqual(expect.arrayContaining(['monthly', 'yearly']));
  });

  it('catches a broken landing and a slider that is not JSON, with the field and the reason', async () => {
    const root = await brokenContentRoot();
    const broken = await startAccountsApp({ APP_ROOT: root });
    try {
      const staff = await broken.signUp('09125550002');
      await grantStaffRoles(broken, staff.me.id, 'admin');
      const { files } = (await (await broken.as(staff.token, '/staff/marketing')).json()) as MarketingReport;
      const [slider, rows, spring] = files;
      expect(slider).toMatchObject({ valid: false, preview: null });
      expect(slider?.errors).toHaveLength(1);
      expect(slider?.errors[0]?.path).toBe('');
      expect(rows).toMatchObject({ valid: true });
      expect(spring).toMatchObject({ slug: 'spring', valid: false, preview: null });
      expect(spring?.errors.map((error) => error.path).sort()).toEqual(['blocks.0.heading.en', 'campaign']);
      expect(spring?.errors.find((error) => error.path === 'campaign')?.message).toBe(
        'a campaign id in lower case, such as nowruz-1405',
      );
    } finally {
      await broken.close();
    }
  });
});
