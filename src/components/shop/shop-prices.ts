import type { Locale } from '~/lib/locale';
import { formatAmount } from '~/lib/money-format';
import type { Currency } from '~/shared/commerce';
import type { ShopProductSummary } from '~/shared/shop';
import { storageKeys } from '~/stores/keys';

/**
 * The shop home's prices. The page is cached for everyone and the viewer's currency lives in their
 * browser (decision record 0019), so prices come from the API: when the grid comes into sight, one
 * GET /shop/products in the stored currency (else the visitor location's, which the server knows)
 * fills each card's [data-price]. Plain DOM rather than an island: there is nothing to interact with,
 * and the home then loads no React.
 */

const currencies: readonly string[] = ['IRR', 'USD'] satisfies Currency[];

function storedCurrency(): Currency | null {
  try {
    const stored = localStorage.getItem(storageKeys.currency);
    return stored && currencies.includes(stored) ? (stored as Currency) : null;
  } catch {
    return null;
  }
}

async function fill(grid: HTMLElement): Promise<void> {
  const locale = grid.dataset['locale'] as Locale;
  const units = JSON.parse(grid.dataset['units'] ?? '{}') as Record<Currency, string>;
  const query = new URLSearchParams();
  if (grid.dataset['category']) query.set('category', grid.dataset['category']);
  const currency = storedCurrency();
  if (currency) query.set('currency', currency);
  const response = await fetch(`/api/v1/shop/products?${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const { products } = (await response.json()) as { products: ShopProductSummary[] };
  for (const product of products) {
    const slot = grid.querySelector(`[data-price="${product.id}"]`);
    if (slot)
      slot.textContent = formatAmount(product.price, product.currency, locale, units[product.currency]);
  }
}

export function pricesOnSight(grid: HTMLElement): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      // A price that cannot be had leaves the card as it was: title, category, sold out.
      fill(grid).catch(() => {});
    },
    { rootMargin: '200px' },
  );
  observer.observe(grid);
}
