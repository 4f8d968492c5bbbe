import { expect, test } from '@playwright/test';
import { newAddress, newPhone, signUpByApi, toPersianDigits } from './auth-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * The console's roles section (issue 17) in both languages: an admin gives an account the moderator
 * role by its mobile number, the account then finds the comments section in its console, the audit log
 * shows the grant, and the admin takes the role back.
 */
const texts = {
  fa: {
    roles: '/admin/roles',
    audit: '/admin/audit',
    comments: '/admin/comments',
    userName: 'شماره همراه یا ایمیل حساب',
    role: 'نقش',
    moderator: 'ناظر',
    grant: 'دادن نقش',
    granted: 'نقش داده شد',
    revoke: 'پس گرفتن نقش ناظر از Test Viewer',
    revoked: 'نقش پس گرفته شد',
    action: 'کار (مثلاً comment.approve یا comment.)',
    targetId: 'شناسه هدف',
    apply: 'اعمال پالایش',
    nav: 'بخش‌های کنسول',
    commentsLink: 'دیدگاه‌ها',
    notFound: 'کاربری با این نام کاربری پیدا نشد',
    accountMenu: 'منوی حساب کاربری',
    console: 'کنسول کارکنان',
  },
  en: {
    roles: '/en/admin/roles',
    audit: '/en/admin/audit',
    comments: '/en/admin/comments',
    userName: 'Mobile number or e-mail of the account',
    role: 'Role',
    moderator: 'Moderator',
    grant: 'Grant',
    granted: 'The role was granted.',
    revoke: 'Take Moderator back from Test Viewer',
    revoked: 'The role was taken back.',
    action: 'Action (e.g. comment.approve, or comment.)',
    targetId: 'Target id',
    apply: 'Apply filters',
    nav: 'Console sections',
    commentsLink: 'Comments',
    notFound: 'No account has this user name.',
    accountMenu: 'Account menu',
    console: 'Staff console',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const l = texts[locale];

  test(`${locale}: an admin grants the moderator role, sees it audited, and takes it back`, async ({
    page,
    browser,
    request,
  }) => {
    const admin = await staffMemberToken(request, 'admin');
    const phone = newPhone();
    const token = await signUpByApi(request, phone, 'future-moderator-1404', newAddress());
    await page.addInitScript((value) => localStorage.setItem('token', value), admin);
    if (locale === 'fa') await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(l.roles);

    // An unknown number is refused in the page's language.
    await page.getByLabel(l.userName).fill('09129999999');
    await page.getByRole('button', { name: l.grant, exact: true }).click();
    await expect(page.getByText(l.notFound).first()).toBeVisible();

    // A Persian reader types the number in Persian digits.
    await page.getByLabel(l.userName).fill(locale === 'fa' ? toPersianDigits(phone) : phone);
    await page.getByLabel(l.role, { exact: true }).selectOption({ label: l.moderator });
    await page.getByRole('button', { name: l.grant, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: l.granted })).toBeVisible();
    // The member's number in the page's digits (issue 25).
    const international = `+98${phone.slice(1)}`;
    const shown = locale === 'fa' ? toPersianDigits(international) : international;
    const member = page.locator('[data-staff-member]', { hasText: shown });
    await expect(member.getByText(l.moderator, { exact: true })).toBeVisible();
    const userId = (await member.getAttribute('data-staff-member')) ?? '';

    // The new moderator's console now offers the comments section.
    const other = await browser.newContext();
    const moderatorPage = await other.newPage();
    await moderatorPage.addInitScript((value) => localStorage.setItem('token', value), token);
    // The account menu of the site's header now leads to the console.
    await moderatorPage.goto(locale === 'fa' ? '/about' : '/en/about');
    await moderatorPage.getByRole('banner').getByRole('button', { name: l.accountMenu }).click();
    await moderatorPage.getByRole('link', { name: l.console }).click();
    await expect(moderatorPage).toHaveURL(new RegExp(`${locale === 'fa' ? '' : '/en'}/admin$`));
    const nav = moderatorPage.getByRole('navigation', { name: l.nav });
    await expect(nav.getByRole('link', { name: l.commentsLink })).toBeVisible();
    await nav.getByRole('link', { name: l.commentsLink }).click();
    await expect(moderatorPage).toHaveURL(new RegExp(`${l.comments}$`));
    await other.close();

    await page.goto(l.audit);
    await page.getByLabel(l.action).fill('role.grant');
    await page.getByLabel(l.targetId).fill(userId);
    await page.getByRole('button', { name: l.apply }).click();
    const entries = page.locator('[data-audit-entry]');
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(`user #${locale === 'fa' ? toPersianDigits(userId) : userId}`);
    await expect(entries).toContainText('"moderator"');

    await page.goto(l.roles);
    await member.getByRole('button', { name: l.revoke }).click();
    await expect(page.getByRole('status').filter({ hasText: l.revoked })).toBeVisible();
    await expect(member).toHaveCount(0);
  });
}
