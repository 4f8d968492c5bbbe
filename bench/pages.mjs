// The pages and API reads `npm run bench` measures. Later issues add theirs here.
//
//   path     the URL path on the site; `{kind:slug}` stands for the id of that title, looked up on the
//            server under test (ids depend on the seed's insertion order, slugs do not)
//   label    how the report names it
//   targets  what the page must meet (checked and reported as pass/fail):
//              noReactBeforeInteraction  no React code is downloaded until the visitor interacts
//              lighthouse                minimum score (0-100) in each of the four Lighthouse categories,
//                                        or per category ({ performance, accessibility, bestPractices, seo })
/** @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number }} Scores */
/** @typedef {{ noReactBeforeInteraction?: boolean, lighthouse?: number | Scores }} Targets */

/** Issue 4: the catalogue pages must be fast and findable; accessibility and best practices at least 95. */
const catalogue = { performance: 100, accessibility: 95, bestPractices: 95, seo: 100 };

/** @type {{ path: string, label: string, targets?: Targets }[]} */
export const pages = [
  { path: '/', label: 'home (fa)', targets: { noReactBeforeInteraction: true, lighthouse: catalogue } },
  { path: '/en', label: 'home (en)', targets: { noReactBeforeInteraction: true, lighthouse: catalogue } },
  { path: '/about', label: 'about (fa)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
  { path: '/en/about', label: 'about (en)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
  // A Separation, the first slide of the home page. Its reaction and favorite island loads on the first
  // press (client:interaction), so the page ships no React before one (issue 11).
  {
    path: '/movies/{film:a-separation}',
    label: 'film page (fa)',
    targets: { noReactBeforeInteraction: true, lighthouse: catalogue },
  },
  {
    path: '/en/movies/{film:a-separation}',
    label: 'film page (en)',
    targets: { noReactBeforeInteraction: true, lighthouse: catalogue },
  },
  {
    path: '/search?genre=drama',
    label: 'search (fa)',
    targets: { noReactBeforeInteraction: true, lighthouse: catalogue },
  },
  {
    path: '/en/search?genre=drama',
    label: 'search (en)',
    targets: { noReactBeforeInteraction: true, lighthouse: catalogue },
  },
];

/**
 * API reads loaded with many more connections than the pages (issue 4: p99 under 50 ms at 200
 * concurrent requests on the 2-core machine), against the real server.
 * @type {{ path: string, label: string, targets: { p99Ms: number } }[]}
 */
export const apis = [
  { path: '/api/v1/core/get-home-widgets', label: 'home rows', targets: { p99Ms: 50 } },
  { path: '/api/v1/widgetV4/genre-drama', label: 'one home row', targets: { p99Ms: 50 } },
];

/**
 * The paths with their `{kind:slug}` placeholders replaced by ids, found through the search API of the
 * server at `origin`.
 * @template {{ path: string }} T
 * @param {T[]} list
 * @param {string} origin
 * @returns {Promise<T[]>}
 */
export async function resolvePaths(list, origin) {
  const resolved = [];
  for (const entry of list) {
    let path = entry.path;
    for (const [placeholder, kind, slug] of entry.path.matchAll(/\{(\w+):([a-z0-9-]+)\}/g)) {
      const query = `q=${encodeURIComponent(slug.replaceAll('-', ' '))}&kind=${kind}`;
      const res = await fetch(`${origin}/api/v1/search?${query}`);
      const { items } = /** @type {{ items: { id: number, slug: string }[] }} */ (await res.json());
      const found = items.find((item) => item.slug === slug);
      if (!found) throw new Error(`bench: no ${kind} with the slug ${slug} on ${origin}`);
      path = path.replace(placeholder, String(found.id));
    }
    resolved.push({ ...entry, path });
  }
  return resolved;
}
