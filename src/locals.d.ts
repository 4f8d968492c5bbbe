import type { AgeRating } from './shared/kids';

/** What src/middleware.ts hands the pages it renders. */
declare global {
  namespace App {
    interface Locals {
      /** A kids profile's highest rating when the browser is on one (server/web/kids-gate.ts), else null. */
      ageLimit?: AgeRating | null;
    }
  }
}
