import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import type { Family } from '~/shared/kids';
import { selectProfile } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { useHydrated } from '../catalog/session';
import { browserApi } from '../shared/api';
import { withPin } from '../shared/pin-prompt';

/**
 * "Ask a grown-up" (issue 29): the grown-up's way from a kids profile to the account page asked for.
 * It moves this device to the main profile, which asks for the main PIN when the account has one (the
 * server decides, as in "who is watching"), and reloads the same address, now rendered for a grown-up.
 */
export default function GrownUpPin({ locale, label }: { locale: Locale; label: string }) {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [busy, setBusy] = useState(false);
  // Disabled as rendered on the server: a press before the island runs would do nothing.
  const hydrated = useHydrated();

  async function enter() {
    setBusy(true);
    try {
      const family = await api<Family>('/me/family');
      const main = family.profiles.find((profile) => profile.is_main);
      if (!main) return;
      await withPin(locale, (pin) => selectProfile(api, main.id, pin));
      window.location.reload();
    } catch (error) {
      toast.error(problemOf(error, locale));
    } finally {
      setBusy(false);
    }
  }

  return (
    <IslandRoot locale={locale}>
      <button
        type="button"
        className="button-primary"
        disabled={busy || !hydrated}
        onClick={() => void enter()}
      >
        {label}
      </button>
    </IslandRoot>
  );
}
