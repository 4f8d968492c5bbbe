import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { guestLabelClass, guestShortLabelClass, headerButtonClass, memberLabelClass } from '~/lib/header';
import type { Locale } from '~/lib/locale';
import { $auth, $flow, $loginOpen, $token, closeLogin, loadUser, openLogin } from '~/stores/auth';
import { browserApi } from '../shared/api';
import { AccountMenu } from './AccountMenu';
import { Dialog } from './Dialog';
import { IslandRoot } from './IslandRoot';
import { LoginFlow, profileChoiceWaits } from './LoginFlow';
import { loginTitleId } from './steps/StepHeading';

/** Set on <html> by the page's body script when a click on the plain header button loaded this island. */
const intentAttribute = 'authIntent';

/** The header's entry point: the login button (or the account menu) and the one login dialog. */
function AuthEntryBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale), [locale]);
  /**
   * SPEC §8: a stored token that no longer works (the device was removed elsewhere, the session ended)
   * logs the viewer out silently on page load; errors of calls the viewer starts still toast.
   */
  const pageLoadApi = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const { isLogin, userMeta } = useStore($auth);
  const { step } = useStore($flow);
  const open = useStore($loginOpen);
  const token = useStore($token);
  const entry = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset[intentAttribute] === 'open') {
      delete root.dataset[intentAttribute];
      openLogin();
    }
    void loadUser(pageLoadApi);
  }, [pageLoadApi]);

  // The head script marks a stored token so the plain button says "account"; follow the store from now.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-auth', Boolean(token));
  }, [token]);

  // SPEC §4: a signed-in viewer without a selected profile is asked to choose one, wherever they are,
  // except on the page that is itself the profile picker and on pages where the account, not a
  // profile, acts (the shop's cart and checkout, issue 25): there a login just closes the dialog, and
  // the choice waits until the viewer goes to watch.
  useEffect(() => {
    if (!isLogin || step !== 'SELECT_PROFILE' || document.querySelector('[data-picker-page]')) return;
    if (profileChoiceWaits()) closeLogin();
    else openLogin();
  }, [isLogin, step]);

  useEffect(() => {
    if (step !== 'DONE') return;
    closeLogin();
    if (userMeta) toast.success(t('auth.welcome', { name: userMeta.profile?.name ?? userMeta.name }));
  }, [step, userMeta, t]);

  return (
    <>
      {/* A div: the account menu holds blocks (a span may not). */}
      <div ref={entry} className="contents">
        {isLogin && userMeta ? (
          <AccountMenu api={api} locale={locale} me={userMeta} />
        ) : (
          <button type="button" onClick={openLogin} className={headerButtonClass}>
            <span className={guestShortLabelClass} aria-hidden="true">
              {t('auth.openShort')}
            </span>
            <span className={guestLabelClass}>{t('auth.open')}</span>
            <span className={memberLabelClass}>{t('auth.account')}</span>
          </button>
        )}
      </div>
      <Dialog
        open={open}
        onClose={closeLogin}
        labelledBy={loginTitleId}
        fallbackFocus={() => entry.current?.querySelector('button')}
      >
        <LoginFlow api={api} locale={locale} />
      </Dialog>
    </>
  );
}

export default function AuthEntry({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <AuthEntryBody locale={locale} />
    </IslandRoot>
  );
}
