import type { Currency, GatewayType } from '../../../shared/commerce';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { absoluteUrl } from '../../core/public-url';
import type { Db } from '../../db/client';
import type { GatewayAdapter } from './gateway';
import { mellatAdapter } from './mellat';
import { pasargadAdapter } from './pasargad';
import { paymanAdapter, type PaymanAdapter } from './payman';
import { paypalAdapter } from './paypal';
import { samanAdapter } from './saman';
import { SANDBOX_BANK_PATH, SANDBOX_MERCHANT_ID, sandboxBank } from './sandbox-bank';
import { zarinpalAdapter } from './zarinpal';

export type { GatewayAdapter, VerifyOutcome } from './gateway';
export { GatewayError } from './gateway';
export type { PaymanAdapter, PaymanBank } from './payman';
export { SANDBOX_BANK_PATH };

export interface PaymentGateways {
  adapters: readonly GatewayAdapter[];
  /** The sandbox bank's HTTP app, when it is on. */
  sandboxBank: ReturnType<typeof sandboxBank> | null;
  /**
   * Origins the browser is sent to by a posted form (Mellat's startpay, SEP's OnlinePG): pages must
   * allow them in their CSP's form-action, or the purchase dialog's form is blocked.
   */
  formActionOrigins: readonly string[];
  /** Zarinpal's direct debit, when the terminal has it (ZARINPAL_PAYMAN=1); charges go through `zarinpal`. */
  payman: PaymanAdapter | null;
  get(type: string): GatewayAdapter | undefined;
  forCurrency(currency: Currency): GatewayAdapter[];
}

/**
 * The gateways this server takes payments through, from the configuration: each real one whose
 * variables are set, in the order /core/gateways offers them (the first of a currency is its
 * default), then the sandbox bank when it is on, spoken to through the Zarinpal adapter, in process.
 */
export function createPaymentGateways(config: Config, db: Db, clock: Clock): PaymentGateways {
  const { timeoutMs, zarinpal, mellat, saman, pasargad, paypal } = config.gateways;
  const adapters: GatewayAdapter[] = [];
  if (zarinpal) {
    adapters.push(
      zarinpalAdapter({
        type: 'zarinpal',
        title: { fa: 'زرین‌پال', en: 'Zarinpal' },
        currencies: ['IRR'],
        merchantId: zarinpal.merchantId,
        apiBase: `${zarinpal.baseUrl}/pg/v4/payment/`,
        startPayBase: `${zarinpal.baseUrl}/pg/StartPay/`,
        fetch,
        timeoutMs,
        reversible: true,
      }),
    );
  }
  if (mellat) {
    adapters.push(
      mellatAdapter(
        { ...mellat, fetch, timeoutMs, now: () => clock.now() },
        { fa: 'به‌پرداخت ملت', en: 'Behpardakht Mellat' },
      ),
    );
  }
  if (saman) {
    adapters.push(samanAdapter({ ...saman, fetch, timeoutMs }, { fa: 'سامان کیش (سپ)', en: 'Saman (SEP)' }));
  }
  if (pasargad) {
    adapters.push(
      pasargadAdapter(
        { ...pasargad, fetch, timeoutMs, now: () => clock.now() },
        { fa: 'پاسارگاد', en: 'Pasargad' },
      ),
    );
  }
  if (paypal) {
    adapters.push(
      paypalAdapter({ ...paypal, fetch, timeoutMs, now: () => clock.now() }, { fa: 'پی‌پال', en: 'PayPal' }),
    );
  }
  let bank: ReturnType<typeof sandboxBank> | null = null;
  if (config.sandboxBank) {
    const publicBase = absoluteUrl(config, SANDBOX_BANK_PATH);
    bank = sandboxBank({ db, clock, publicBase, returnOrigins: [new URL(config.publicUrl).origin] });
    const app = bank;
    adapters.push(
      zarinpalAdapter({
        type: 'sandbox',
        title: { fa: 'درگاه آزمایشی', en: 'Sandbox bank' },
        currencies: ['IRR', 'USD'],
        merchantId: SANDBOX_MERCHANT_ID,
        apiBase: `http://sandbox-bank.internal${SANDBOX_BANK_PATH}/pg/v4/payment/`,
        startPayBase: `${publicBase}/pg/StartPay/`,
        fetch: (input, init) => Promise.resolve(app.request(String(input), init)),
        reversible: false,
      }),
    );
  }
  return {
    adapters,
    sandboxBank: bank,
    payman: zarinpal?.payman
      ? paymanAdapter({ merchantId: zarinpal.merchantId, baseUrl: zarinpal.baseUrl, fetch, timeoutMs })
      : null,
    formActionOrigins: [mellat?.baseUrl, saman?.baseUrl].flatMap((url) => (url ? [new URL(url).origin] : [])),
    get: (type) => adapters.find((adapter) => adapter.type === (type as GatewayType)),
    forCurrency: (currency) => adapters.filter((adapter) => adapter.currencies.includes(currency)),
  };
}
