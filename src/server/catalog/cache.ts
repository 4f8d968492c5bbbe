import { createHash } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * In-process cache of what does not depend on the viewer (home rows, title details, facets), per
 * context. An entry dies after TTL_MS, or at once when bumpCatalogueVersion() is called (seed or a
 * catalogue write): the TTL only bounds how stale a screening's live/upcoming state can get, and how
 * long another instance's writes stay unseen.
 */
const TTL_MS = 60_000;
/** Keys come from visitors (search words, page numbers): past this many, the oldest entries go. */
const MAX_ENTRIES = 5_000;

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

/** Changes whenever the catalogue does: whole-response caches (src/server/web) compare it too. */
export function catalogueVersion(ctx: AppContext): number {
  return storeOf(ctx).version;
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
  store.entries.delete(key);
  store.entries.set(key, entry);
  if (store.entries.size > MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value as string);
  value.catch(() => {
    if (store.entries.get(key) === entry) store.entries.delete(key);
  });
  return value;
}

export interface SerializedJson {
  body: string;
  /** A strong validator of the body, for If-None-Match. */
  etag: string;
}

/** `compute`'s value serialized once and cached like any other value: hot API reads send it as it is. */
export function cachedJson(
  ctx: AppContext,
  key: string,
  compute: () => Promise<unknown>,
): Promise<SerializedJson> {
  return cached(ctx, `json:${key}`, async () => {
    const body = JSON.stringify(await compute());
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  });
}
