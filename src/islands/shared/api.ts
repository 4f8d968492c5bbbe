import { toast } from 'sonner';
import { createApiClient } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import { $token } from '~/stores/auth';

/**
 * The API client as islands use it: toasts through sonner, the token from the auth store. A quiet one
 * toasts nothing, for calls whose refusals the island shows beside the control they concern.
 */
export function browserApi(locale: Locale, { quiet = false }: { quiet?: boolean } = {}) {
  return createApiClient({
    locale,
    notify: { error: (message) => (quiet ? undefined : toast.error(message)) },
    getToken: () => $token.get(),
  });
}
