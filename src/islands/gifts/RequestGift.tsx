import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { isEmailUserName } from '~/lib/user-name';
import type { RequestGiftResponse } from '~/shared/gifts';
import { $token } from '~/stores/auth';
import { useLoginFirst } from '../purchase/useLoginFirst';

/** POST /core/request-gift: this season's code, sent to the account's phone or e-mail; login first. */
export function RequestGift({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function ask() {
    setBusy(true);
    try {
      const reply = await api<RequestGiftResponse>('/core/request-gift', { method: 'POST' });
      // A phone in the page's digits; an e-mail address as it is.
      setSent(isEmailUserName(reply.sent_to) ? reply.sent_to : localDigits(reply.sent_to, locale));
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
        {sent && (
          <>
            {t('gifts.request.sent')} <bdi dir="ltr">{sent}</bdi>
          </>
        )}
      </p>
    </div>
  );
}
