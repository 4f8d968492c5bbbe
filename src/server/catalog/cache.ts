import type { AppContext } from '../context';

/**
 * In-process cache of what does not depend on the viewer (home rows, title details, facets), per
 * context. An entry dies after TTL_MS, or at once when bumpCatalogueVersion() is called (seed or a
 * catalogue write): the TTL only bounds how stale a screening's live/upcoming state can get, and how
 * long another instance's writes stay unseen.
 */
const TTL_MS = 60_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
  version: number;
}

interface Store {
  version: number;
  entries: Map<string, Entry>;
}

const stores = new WeakMap<AppContext, Store>();

function storeOf(ctx: AppContext): Store {
  let store = stores.get(ctx);
  if (!store) {
    store = { version: 0, entries: new Map() };
    stores.set(ctx, store);
  }
  return store;
}

/** Forgets everything cached for this context (call after changing the catalogue). */
export function bumpCatalogueVersion(ctx: AppContext): void {
  const store = storeOf(ctx);
  store.version += 1;
  store.entries.clear();
}

/** The cached value of `key`, computing it once even under concurrent requests; failures are not kept. */
export function cached<T>(ctx: AppContext, key: string, compute: () => Promise<T>): Promise<T> {
  const store = storeOf(ctx);
  const now = Date.now();
  const hit = store.entries.get(key);
  if (hit && hit.version === store.version && hit.expires > now) return hit.value as Promise<T>;
  const value = compute();
  const entry: Entry = { value, expires: now + TTL_MS, version: store.version };
  store.entries.set(key, entry);
  value.catch(() => {
    if (store.entries.get(key) === entry) store.entries.delete(key);
  });
  return value;
}
