import type { Locator, Page } from '@playwright/test';
import type { Locale } from '~/lib/locale';

/**
 * The words a viewer reads, on every page of ./routes and every step of the login dialog, in both
 * languages. Each finding is a tell-tale of text that never passed through a translation:
 * - issue 24 (9): a raw key: a string missing from the i18n files shows its dotted key
 *   ("auth.complete.acceptBefore");
 * - issue 25, English: a message from the server (a toast, an alert or status region) that starts in
 *   lower case, as the API's messages once did ("entering this field is required");
 * - issue 25, Persian: a Latin comma next to Persian words (Persian writes «،»), and Latin digits in
 *   Persian text; in English, a Persian comma in English text (an address joined the Persian way).
 *
 * The one exception, kept narrow on purpose: Latin digits may stay in what must be typed or read as it
 * is, which the markup says so: inside <code>, <kbd> or <samp>, or an element marked translate="no" (ticket,
 * gift and order codes, a brand's handle), and inside a Latin token (a URL, an e-mail address, "MP4", a
 * code such as "TK-7Q2X") since the digits there belong to Latin letters, and a line of Latin text with no
 * Persian in it (an English name, an address typed in English). dir="ltr" alone is no exception: a phone
 * number is shown left to right and still in Persian digits.
 */
const rawKey = /\b[a-z]+\.[a-z]+(\.[a-zA-Z]+)+\b/g;

export async function rawKeysIn(target: Page | Locator): Promise<string[]> {
  const text = 'goto' in target ? await target.locator('body').innerText() : await target.innerText();
  return [...text.matchAll(rawKey)].map(([key]) => key);
}

/** The tell-tales of issue 25 in the visible text under `target` (the whole page when a Page). */
export async function wordingFaultsIn(target: Page | Locator, locale: Locale): Promise<string[]> {
  const root = 'goto' in target ? target.locator('body') : target;
  return root.evaluate((element, locale) => {
    const faults: string[] = [];
    const exempt = 'code, kbd, samp, [translate="no"], script, style, noscript, template';
    // A Latin token: letters and digits with the punctuation of URLs, e-mail addresses and codes.
    const latinToken = /[A-Za-z0-9][A-Za-z0-9._%+\-/:@#?=&]*/g;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!text.trim() || !parent || parent.closest(exempt)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const line = text.replace(/\s+/g, ' ').trim();
      if (locale !== 'fa') {
        if (line.includes('،') && !/[\u0600-\u06ff]/.test(line.replace(/،/g, '')))
          faults.push(`Persian comma: ${line}`);
        continue;
      }
      if (/[\u0600-\u06ff]\s*,|,\s*[\u0600-\u06ff]/.test(line)) faults.push(`Latin comma: ${line}`);
      // English words on a Persian page (a title's English name, what a viewer typed in English) are
      // Latin text, digits and all; Persian text, or numbers standing alone, are not.
      if (/[A-Za-z]/.test(line) && !/[\u0600-\u06ff]/.test(line)) continue;
      for (const [token] of line.matchAll(latinToken)) {
        if (/[0-9]/.test(token) && !/[A-Za-z]/.test(token)) faults.push(`Latin digits: ${line}`);
      }
    }
    if (locale === 'en') {
      const spoken = element.querySelectorAll(
        '[role="alert"], [role="status"], [aria-live], [data-sonner-toast]',
      );
      for (const region of spoken) {
        if (!(region instanceof HTMLElement) || !region.checkVisibility()) continue;
        for (const line of region.innerText.split('\n').map((part) => part.trim())) {
          if (/^[a-z]/.test(line)) faults.push(`lower-case sentence: ${line}`);
        }
      }
    }
    return [...new Set(faults)];
  }, locale);
}
