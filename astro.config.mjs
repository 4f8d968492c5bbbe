// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { attributionScript, bodyScript, headScript } from './src/lib/inline-scripts.ts';
import { namespaceModules } from './src/i18n/namespace-modules.ts';

/**
 * server.mjs must open the database (migrate, seed) before it listens, and the pages must use the very
 * same database handle. Emitting src/server/runtime.ts as its own chunk of the SSR build gives server.mjs
 * a module it can import that shares its instance with every page and API route.
 * @returns {import('vite').Plugin}
 */
function runtimeEntry() {
  return {
    name: 'cinema:runtime-entry',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: '/src/server/runtime.ts',
        fileName: 'runtime.mjs',
        preserveSignature: 'strict',
      });
    },
  };
}

/**
 * The `client:interaction` island directive (src/lib/client-interaction.ts): islands that load on the
 * viewer's first press, not on sight; and `client:eager` (src/lib/client-eager.ts): islands that load at
 * once and replay a press made before they hydrated.
 * @returns {import('astro').AstroIntegration}
 */
function interactionDirective() {
  return {
    name: 'cinema:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: './src/lib/client-interaction.ts' });
        addClientDirective({ name: 'eager', entrypoint: './src/lib/client-eager.ts' });
      },
    },
  };
}

/** @param {string} source */
function sha256(source) {
  return /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(source).digest('base64')}`);
}

export default defineConfig({
  // No `site`: the public origin is PUBLIC_URL as the server is started with it (ctx.config.publicUrl,
  // src/server/core/public-url.ts), so one build serves any origin (decision record 0032).
  output: 'server',
  // Separate build folders let several builds (tests, benchmarks) run side by side.
  outDir: process.env.DIST_DIR ?? './dist',
  // Standalone mode gives server.mjs a handler that serves dist/client (hashed /_astro/ assets marked
  // immutable) and falls through to the pages; server.mjs sets ASTRO_NODE_AUTOSTART=disabled and owns
  // the HTTP server. (Middleware mode serves no static files at all.)
  // Request bodies stream through the adapter under this cap: the largest body any route takes is a
  // staff upload of a source video (MAX_VIDEO_UPLOAD_BYTES, 8 GiB, src/shared/staff-catalogue-constants.ts);
  // the cap sits a little above it so that route answers its own 413. Every other route has its own,
  // far smaller limit (src/server/api/body-limits.ts).
  //
  // A page is rendered whole before it is answered: a component's failed database read then becomes the
  // page's status (src/middleware.ts: 503 while the database does not answer) instead of a 200 cut
  // short by "Internal server error". Cacheable pages were read whole by the response cache anyway.
  adapter: node({
    mode: 'standalone',
    bodySizeLimit: 8 * 1024 ** 3 + 1024 ** 2,
    experimentalDisableStreaming: true,
  }),
  integrations: [react(), interactionDirective()],
  i18n: {
    locales: ['fa', 'en'],
    defaultLocale: 'fa',
    routing: { prefixDefaultLocale: false },
  },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  security: {
    // Nothing here authenticates by cookie (the API takes a bearer header, which a cross-site form cannot
    // send), so an Origin check protects nothing, while it would refuse apps' multipart uploads and the
    // bank gateways' cross-site form posts to their payment callbacks.
    checkOrigin: false,
    // Astro sends a policy header with the hashes of every script it inlines (islands included) and of
    // the three scripts every page inlines. Styles may be inline: sonner injects its own.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { hashes: [headScript, bodyScript, attributionScript].map(sha256) },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    plugins: [tailwindcss(), runtimeEntry(), namespaceModules()],
  },
});
