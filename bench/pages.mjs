// The pages `npm run bench` measures. Later issues add their pages here.
//
//   path     the URL path on the site
//   label    how the report names it
//   targets  what the page must meet (checked and reported as pass/fail):
//              noReactBeforeInteraction  no React code is downloaded until the visitor interacts
//              lighthouse                minimum score (0-100) in each of the four Lighthouse categories
/** @type {{ path: string, label: string, targets?: { noReactBeforeInteraction?: boolean, lighthouse?: number } }[]} */
export const pages = [
  { path: '/', label: 'home (fa)', targets: { noReactBeforeInteraction: true } },
  { path: '/en', label: 'home (en)', targets: { noReactBeforeInteraction: true } },
  { path: '/about', label: 'about (fa)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
  { path: '/en/about', label: 'about (en)', targets: { noReactBeforeInteraction: true, lighthouse: 100 } },
];
