/** The site's own island directives (src/lib/client-interaction.ts, client-eager.ts) for .astro type checking. */
declare namespace Astro {
  interface ClientDirectives {
    /** A string names a query parameter that presses the island's first button on arrival. */
    'client:interaction'?: boolean | string;
    /** Hydrates at once; a press before that is held and replayed. */
    'client:eager'?: boolean;
  }
}
