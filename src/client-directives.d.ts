/** The site's own island directive (src/lib/client-interaction.ts) for .astro type checking. */
declare namespace Astro {
  interface ClientDirectives {
    /** A string names a query parameter that presses the island's first button on arrival. */
    'client:interaction'?: boolean | string;
  }
}
