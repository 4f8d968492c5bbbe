import { createHash } from 'node:crypto';
import type { Locale } from '../../lib/locale';
import { OUTAGE_RETRY_AFTER } from '../core/outage';
import { pageSecurityHeaders } from './page-security';

/**
 * The pages' answers when rendering failed (src/middleware.ts): a 503 "we'll be right back" while the
 * database does not answer, a 500 otherwise. Plain HTML made here, without the layout, whose header
 * and footer read the database too. Persian first, then English, whatever the address's language;
 * both name the request id, for the viewer to quote to support.
 */

const STYLE = [
  'body{margin:0;min-block-size:100vh;display:grid;place-items:center;font-family:Vazirmatn,Tahoma,system-ui,sans-serif;background:#0f172a;color:#e2e8f0;line-height:1.8}',
  'main{max-inline-size:34rem;padding:2rem;text-align:center}',
  'h1{font-size:1.5rem;margin:0 0 .5rem}',
  'section+section{margin-block-start:2rem;padding-block-start:2rem;border-block-start:1px solid #334155}',
  'code{font-family:ui-monospace,monospace;font-size:.9em}',
].join('');

/** The page's own policy: no script, no request anywhere, only this style. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const texts = {
  outage: {
    fa: {
      title: 'به‌زودی برمی‌گردیم',
      body: 'سرویس چند لحظه در دسترس نیست. چند ثانیه دیگر صفحه را دوباره باز کنید.',
    },
    en: {
      title: 'We’ll be right back',
      body: 'The service is unavailable for a moment. Reload the page in a few seconds.',
    },
  },
  failure: {
    fa: {
      title: 'خطایی در سرور رخ داد',
      body: 'این صفحه نمایش داده نشد. دوباره تلاش کنید؛ اگر تکرار شد، شناسه زیر را به پشتیبانی بدهید.',
    },
    en: {
      title: 'Something went wrong',
      body: 'This page could not be shown. Try again; if it happens again, give support the id below.',
    },
  },
} as const satisfies Record<string, Record<Locale, { title: string; body: string }>>;

const requestLabel: Record<Locale, string> = { fa: 'شناسه درخواست', en: 'Request id' };

/** Request ids come from the caller's X-Request-Id (a plain token) or are made here; escaped anyway. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function section(kind: keyof typeof texts, locale: Locale, requestId: string): string {
  const { title, body } = texts[kind][locale];
  const dir = locale === 'fa' ? 'rtl' : 'ltr';
  return `<section lang="${locale}" dir="${dir}"><h1>${title}</h1><p>${body}</p><p>${requestLabel[locale]}: <code dir="ltr">${escape(requestId)}</code></p></section>`;
}

/** A 503 (`outage`, with Retry-After) or a 500 (`failure`) page naming `requestId`; never cached. */
export function errorPage(kind: keyof typeof texts, requestId: string): Response {
  const title = `${texts[kind].fa.title} · ${texts[kind].en.title}`;
  const html = `<!DOCTYPE html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body><main>${section(kind, 'fa', requestId)}${section(kind, 'en', requestId)}</main></body></html>`;
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Request-Id': requestId,
  });
  for (const [name, value] of pageSecurityHeaders) headers.set(name, value);
  if (kind === 'outage') headers.set('Retry-After', String(OUTAGE_RETRY_AFTER));
  return new Response(html, { status: kind === 'outage' ? 503 : 500, headers });
}
