import { useStore } from '@nanostores/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '~/shared/users';
import { $auth, $token, openLogin } from '~/stores/auth';

const noSubscription = () => () => {};

/**
 * False while hydrating (the server cannot know the stored token), true afterwards: the first client
 * render must match the server's markup, then the token decides.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Account pages need a session: without a token they say so and offer the login dialog; with one they
 * wait for the header island's GET /me (which signs out on failure, SPEC §4) and then render.
 */
export function RequireLogin({ children }: { children: (me: Me) => ReactNode }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const { userMeta } = useStore($auth);
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (!token) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
        <p className="text-lg">{t('account.pleaseLogIn')}</p>
        <button type="button" className="button-primary" onClick={openLogin}>
          {t('auth.open')}
        </button>
      </div>
    );
  }
  if (!userMeta) return <p className="text-ink-muted">{t('account.loading')}</p>;
  return <>{children(userMeta)}</>;
}
