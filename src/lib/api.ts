import { ofetch, type $Fetch } from 'ofetch';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import { translatorOf } from '~/i18n/core';
import { ATTRIBUTION_HEADER } from '~/shared/growth-constants';
import { storageKeys } from '~/stores/keys';
import type { Locale } from './locale';

/** The client's own messages (network down, unreadable answer); every island loads this client. */
const t = /* @__PURE__ */ translatorOf({ fa: { errors: faErrors }, en: { errors: enErrors } });

/** Where error toasts go; injected so tests (and islands without sonner) can watch them. */
export interface Notifier {
  error(message: string): void;
}

export interface ApiClientOptions {
  locale: Locale;
  notify: Notifier;
  /** The session token, read on every request so a login or logout applies at once. */
  getToken?: () => string | null | undefined;
  /** `/api/v1` in the browser; tests pass an absolute URL. */
  baseURL?: string;
}

/** The single error shape of DESIGN §4. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null;
}

/**
 * SPEC §8 for a response that arrived: every message of every field of `errors` as its own toast,
 * otherwise the response's `message`.
 */
export function errorMessagesOf(body: unknown, locale: Locale): string[] {
  if (isErrorBody(body)) {
    const fieldMessages = Object.values(body.errors ?? {})
      .flat()
      .filter((message): message is string => typeof message === 'string' && message !== '');
    if (fieldMessages.length > 0) return fieldMessages;
    if (typeof body.message === 'string' && body.message !== '') return [body.message];
  }
  return [t(locale, 'errors.unknown')];
}

/** The field errors of a failed call, for marking the form controls they belong to. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const data = (error as { data?: unknown } | null)?.data;
  return isErrorBody(data) && data.errors ? data.errors : {};
}

/** The calls a visitor's first campaign goes with (recorded by the server, src/shared/growth.ts). */
const attributed = new Set(['/auth/compelet', '/payments']);

/** What src/lib/inline-scripts.ts kept, when storage is there to read. */
function storedAttribution(): string | null {
  try {
    return localStorage.getItem(storageKeys.attribution);
  } catch {
    return null;
  }
}

/** The one HTTP client of the site: base path, bearer token, language headers and the error catalogue. */
export function createApiClient({ locale, notify, getToken, baseURL = '/api/v1' }: ApiClientOptions): $Fetch {
  return ofetch.create({
    baseURL,
    // A retried request would toast its failure twice; the viewer retries instead.
    retry: 0,
    onRequest({ request, options }) {
      const headers = new Headers(options.headers);
      const attribution = options.method === 'POST' && attributed.has(String(request)) && storedAttribution();
      if (attribution) headers.set(ATTRIBUTION_HEADER, attribution);
      headers.set('Accept-Language', locale);
      headers.set('Accept-Language-site', locale);
      const token = getToken?.();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      options.headers = headers;
    },
    onRequestError({ error }) {
      // Our own cancellations (a form unmounted, a newer search) are not failures the viewer must see.
      if (error.name === 'AbortError') return;
      notify.error(t(locale, 'errors.network'));
    },
    onResponseError({ response }) {
      for (const message of errorMessagesOf(response._data, locale)) notify.error(message);
    },
  });
}

/**
 * What a failed call says, for showing beside the form it concerns (a quiet client toasts nothing):
 * the server's messages, or the network error when no answer arrived.
 */
export function problemOf(error: unknown, locale: Locale): string {
  const failure = error as { response?: unknown; data?: unknown } | null;
  if (!failure?.response) return t(locale, 'errors.network');
  return errorMessagesOf(failure.data, locale).join(' ');
}
