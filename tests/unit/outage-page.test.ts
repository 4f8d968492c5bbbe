import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorPage } from '~/server/web/outage-page';

describe('the pages’ error answers', () => {
  it('the outage: 503 with Retry-After, Persian then English, the request id, never cached', async () => {
    const res = errorPage('outage', 'req-42');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBe('req-42');
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fa" dir="rtl">/);
    expect(html.indexOf('به‌زودی برمی‌گردیم')).toBeLessThan(html.indexOf('We’ll be right back'));
    expect(html).toContain('شناسه درخواست: <code dir="ltr">req-42</code>');
    expect(html).toContain('Request id: <code dir="ltr">req-42</code>');
  });

  it('any other failure: 500 naming the request, without Retry-After', async () => {
    const res = errorPage('failure', 'req-43');
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain('req-43');
  });

  it('its policy allows its one style and nothing else: no script, no request elsewhere', async () => {
    const res = errorPage('outage', 'x');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'none'/);
    const html = await res.text();
    const style = /<style>(.*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(html).not.toMatch(/<script/);
  });

  it('escapes the request id it is given', async () => {
    const html = await errorPage('outage', '<b>"x"</b>').text();
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;b&#62;&#34;x&#34;&#60;/b&#62;');
  });
});
