import type { Messages } from '~/i18n';
import { localDigits } from '../format';
import type { Locale } from '../locale';

/**
 * The player's strings travel as a prop (only the `player` block of src/i18n), so the island does not
 * bundle every UI string of both languages, nor i18next; these helpers fill their {{placeholders}}.
 */
export type PlayerStrings = Messages['player'];

/**
 * `{{name}}` placeholders replaced, numbers in the page's digits: what the engine of src/i18n/core.ts
 * makes of the same text (the i18n unit test compares them), without its weight in the player's bundle.
 * The player's texts name no counts, so no plural forms are needed here.
 */
export function fillText(template: string, values: Record<string, string | number>, locale: Locale): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? localDigits(value, locale) : value;
  });
}

/** A countdown split into its parts, for the screening page before the start. */
export function countdownParts(milliseconds: number): {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
