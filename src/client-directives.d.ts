/** The site's own island directive (src/lib/client-interaction.ts) for .astro type checking. */
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: boolean;
  }
}
