import type { $Fetch } from 'ofetch';
import { localPath, type Locale } from '~/lib/locale';
import type { CreatedPayment, GatewayRedirect, PaymentRequest } from '~/shared/commerce';
import { pinHeaders, withPin } from '../shared/pin-prompt';

/** Where the result page's "watch now" leads after a subscription bought from a title (sessionStorage). */
const originKey = 'purchase-origin';

export function resultPath(id: number, locale: Locale): string {
  return localPath(`/payments/${id}`, locale);
}

/** A gateway's redirect: a plain navigation, or a form the bank expects to receive by POST. */
function followRedirect({ method, url, fields }: GatewayRedirect): void {
  if (method === 'GET') {
    location.assign(url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * POST /payments, then off to the gateway, or straight to the result page when the wallet paid it all.
 * `watchPath` (the title the viewer started from) is remembered for the result page. Failures are
 * thrown for the caller to show; a purchase PIN is asked for here, whichever island buys.
 */
export async function startPayment(
  api: $Fetch,
  request: PaymentRequest,
  locale: Locale,
  watchPath?: string,
): Promise<void> {
  // An account with a purchase PIN (issue 29): the server refuses without it, the viewer is asked.
  const { payment, redirect } = await withPin(locale, (pin) =>
    api<CreatedPayment>('/payments', { method: 'POST', body: request, headers: pinHeaders(pin) }),
  );
  try {
    if (watchPath) sessionStorage.setItem(originKey, JSON.stringify({ id: payment.id, path: watchPath }));
  } catch {
    // Storage refused (private mode): "watch now" then leads home instead.
  }
  if (redirect) followRedirect(redirect);
  else location.assign(resultPath(payment.id, locale));
}

/** The title a payment was started from, if this tab started it. */
export function originOf(paymentId: number): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(originKey) ?? 'null') as {
      id: number;
      path: string;
    } | null;
    return stored?.id === paymentId ? stored.path : null;
  } catch {
    return null;
  }
}
