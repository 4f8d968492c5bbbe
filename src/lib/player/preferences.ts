import type { Locale } from '../locale';
import type { PreferencesUpdate } from '~/shared/preferences';
import { apiHeaders } from './play-api';

/**
 * Remembers what the viewer chose in the player (audio, subtitles, their look) for the profile
 * watching on this device: POST /me/preferences. `keepalive`, so a choice made just before the tab
 * closes still arrives; a lost save only means the next visit starts with the previous choice.
 */
export function savePreferences(locale: Locale, token: string, update: PreferencesUpdate): void {
  void fetch('/api/v1/me/preferences', {
    method: 'POST',
    keepalive: true,
    headers: { ...apiHeaders(locale, token), 'Content-Type': 'application/json' },
    body: JSON.stringify(update),
  }).catch(() => {});
}
