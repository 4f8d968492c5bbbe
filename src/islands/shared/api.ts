import { toast } from 'sonner';
import { createApiClient } from '~/lib/api';
import type { Locale } from '~/lib/shell';
import { $token } from '~/stores/auth';

/** The API client as islands use it: toasts through sonner, the token from the auth store. */
export function browserApi(locale: Locale) {
  return createApiClient({
    locale,
    notify: { error: (message) => toast.error(message) },
    getToken: () => $token.get(),
  });
}
