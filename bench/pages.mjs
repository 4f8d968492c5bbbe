// The pages `npm run bench` measures. Later issues add their pages here.
//
//   path     the URL path on the site
//   label    how the report names it
//   targets  what the page must meet (checked and reported as pass/fail):
//              noReactBeforeInteraction  no React code is downloaded until the visitor interacts
//              lighthouse                minimum score (0-100) in each of the four Lighthouse categories
/** @type {{ path: string, label: string, targets?: { noReactBeforeInteraction?: boolean, lighthouse?: number } }[]} */
export const pages = [
  { path: '/', label: 'home (fa)', targets: { noReactBeforeInteraction: true, lighthouse: 95 } },
  { path: '/en', label: 'home (en)', targets: { noReactBeforeInteraction: true, lighthouse: 95 } },
  { path: '/about', label: 'about (fa)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
  { path: '/en/about', label: 'about (en)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
  // Issue 4: the catalogue. A Separation is product 23 of the demo seed (the first slide of the home).
  // Title pages hydrate their reaction island when it scrolls into view, so they load React at once.
  { path: '/movies/23', label: 'film page (fa)', targets: { lighthouse: 95 } },
  { path: '/en/movies/23', label: 'film page (en)', targets: { lighthouse: 95 } },
  {
    path: '/search?genre=drama',
    label: 'search (fa)',
    targets: { noReactBeforeInteraction: true, lighthouse: 95 },
  },
  {
    path: '/en/search?genre=drama',
    label: 'search (en)',
    targets: { noReactBeforeInteraction: true, lighthouse: 95 },
  },
];
