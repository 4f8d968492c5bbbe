import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deadlineAfter, RESEND_SECONDS } from '~/lib/auth-flow';
import { formatDate, localDigits } from '~/lib/format';
import { cleanUserName } from '~/lib/user-name';
import { localPath, type Locale } from '~/lib/locale';
import type { AppliedGift, GetGiftRequest, GetGiftResponse } from '~/shared/gifts';
import { $auth, $token, dispatch } from '~/stores/auth';
import { useForm } from '../auth/useForm';
import { useHydrated } from '../catalog/session';
import { useLoginFirst } from '../purchase/useLoginFirst';
import { TextField } from '../shared/TextField';

/**
 * POST /core/get-gift. A visitor's first call checks the code and starts the ordinary login at the
 * step the server names (a code by SMS or e-mail, or their password) in the header's login dialog;
 * once that dialog closes with a session, the same code is sent again and the gift applied.
 */
export function RedeemGift({ api, locale }: { api: $Fetch; locale: Locale }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const hydrated = useHydrated();
  const { bindForm, ...form } = useForm({ code: '', user_name: '' }, 'gift');
  const [applied, setApplied] = useState<AppliedGift | null>(null);
  const signedIn = hydrated && Boolean(token);

  async function redeem() {
    const reply = await api<GetGiftResponse>('/core/get-gift', {
      method: 'POST',
      body: { code: form.values.code } satisfies GetGiftRequest,
    });
    if (reply.me) $auth.setKey('userMeta', reply.me);
    setApplied(reply.gift);
  }
  const afterLogin = useLoginFirst(() => void form.submit(redeem)());

  const send = form.submit(async () => {
    if (signedIn) return redeem();
    const user_name = cleanUserName(form.values.user_name);
    const reply = await api<GetGiftResponse>('/core/get-gift', {
      method: 'POST',
      body: { code: form.values.code, user_name } satisfies GetGiftRequest,
    });
    if (reply.next === 'DONE' || !reply.remember_token) return;
    dispatch({
      type: 'initialised',
      user_name,
      next: reply.next,
      remember_token: reply.remember_token,
      resendAt: deadlineAfter(RESEND_SECONDS),
    });
    afterLogin();
  });

  if (applied) {
    return (
      <div role="status" className="flex flex-col items-start gap-4" data-gift-applied>
        <p className="text-lg font-bold">
          {t('gifts.redeem.applied', {
            count: applied.months,
            months: localDigits(applied.months, locale),
            date: formatDate(applied.subscription_ends_at, locale),
          })}
        </p>
        <a href={localPath('/', locale)} className="button-primary">
          {t('gifts.redeem.watch')}
        </a>
      </div>
    );
  }
  return (
    <form ref={bindForm} onSubmit={send} noValidate aria-busy={form.busy} className="flex flex-col gap-5">
      <TextField
        {...form.bind('code')}
        label={t('gifts.redeem.code')}
        hint={t('gifts.redeem.codeHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        required
      />
      {!signedIn && (
        <TextField
          {...form.bind('user_name')}
          label={t('gifts.redeem.userName')}
          hint={t('gifts.redeem.userNameHint')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          required
        />
      )}
      <button type="submit" className="button-primary self-start" disabled={form.busy}>
        {t('gifts.redeem.submit')}
      </button>
    </form>
  );
}
