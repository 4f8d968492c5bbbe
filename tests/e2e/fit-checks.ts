import type { Page } from '@playwright/test';

/**
 * What is wrong with the page at the current width, as readable lines: the document wider than the
 * screen, visible elements reaching past either edge (right-to-left pages cannot even scroll to what
 * sticks out on the right, so it is simply cut off) unless a scrolling or clipping box of their own
 * holds them, targets that are too small, and text below 12 px.
 */
export function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the document is ${root.scrollWidth} px wide`);

    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 4).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `<${element.localName}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    const heldByAncestor = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    const target =
      'a[href], button, summary, select, textarea, input:not([type=hidden]), [role=button], [tabindex="0"]';
    const mainAction = '[data-auth-open], [data-watch], [data-play], [data-main-action]';

    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden text (1 × 1 px) is for screen readers only.
      if (box.width <= 1 || box.height <= 1) continue;
      if ((box.left < -0.5 || box.right > width + 0.5) && !heldByAncestor(element)) {
        problems.push(`${describe(element)} spans ${Math.round(box.left)}-${Math.round(box.right)} px`);
      }
      const style = getComputedStyle(element);
      // Links inside a sentence are exempt from the target size (WCAG 2.5.8, inline).
      if (element.matches(target) && style.display !== 'inline') {
        const least = element.matches(mainAction) ? 44 : 24;
        if (box.width < least - 0.5 || box.height < least - 0.5) {
          problems.push(`${describe(element)} is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
        }
      }
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (ownText && parseFloat(style.fontSize) < 12) {
        problems.push(`${describe(element)} has ${style.fontSize} text`);
      }
    }
    return problems;
  });
}
