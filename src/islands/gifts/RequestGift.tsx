import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestGiftResponse } from '~/shared/gifts';
import { $token } from '~/stores/auth';
import { useLoginFirst } from '../purchase/useLoginFirst';

/** POST /core/request-gift: this season's code, sent to the account's phone or e-mail; login first. */
export function RequestGift({ api }: { api: $Fetch }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function ask() {
    setBusy(true);
    try {
      const reply = await api<RequestGiftResponse>('/core/request-gift', { method: 'POST' });
      setSent(reply.message);
    } catch {
      // Toasted by the API client (already asked, no campaign running, too many tries).
    } finally {
      setBusy(false);
    }
  }
  const askAfterLogin = useLoginFirst(() => void ask());

  return (
    <div className="flex flex-col items-start gap-4">
      <button
        type="button"
        className="button-primary"
        disabled={busy || sent !== null}
        onClick={() => (token ? void ask() : askAfterLogin())}
      >
        {t('gifts.request.submit')}
      </button>
      <p role="status" className="font-bold">
        {sent}
      </p>
    </div>
  );
}
