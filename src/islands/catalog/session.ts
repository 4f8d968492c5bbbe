import { useSyncExternalStore } from 'react';
import { openLogin } from '~/stores/auth';

/**
 * SPEC §4: acting without a session starts the login flow. The login dialog lives in the header's
 * account island, which content pages load only on demand (src/components/AccountEntry.astro): while
 * its plain button is still in the page, clicking it loads the island with the intent to open the
 * dialog; once loaded, the shared store opens it.
 */
export function requestLogin(): void {
  const plain = document.querySelector<HTMLButtonElement>('[data-auth-slot] [data-auth-open]');
  if (plain) plain.click();
  else openLogin();
}

/** Whether a failed call was refused for want of a session. */
export function isUnauthorized(error: unknown): boolean {
  return (error as { status?: number; statusCode?: number } | null)?.status === 401;
}

const noSubscription = () => () => {};

/**
 * False while hydrating (the server cannot know the stored token), true afterwards, so the first client
 * render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
