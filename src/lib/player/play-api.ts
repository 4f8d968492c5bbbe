import type { Locale } from '../locale';
import type { PlayInfo } from '~/shared/playback';

/**
 * The play calls of SPEC §7 as the player makes them. Plain fetch rather than the site's ofetch client:
 * the player needs the status of every refusal (204, 401, 402, 403, 410, 425) to choose what it shows,
 * and shows it inside the player instead of a toast.
 */

export type PlayOutcome =
  | { kind: 'ok'; info: PlayInfo }
  /** 401: the viewer must log in (the page opens the login dialog). */
  | { kind: 'login'; message: string }
  /** 204: the title has no playable media. */
  | { kind: 'unavailable' }
  /** A screening before its start: the page counts down to `startsAt`. */
  | { kind: 'not-started'; startsAt: string; message: string }
  /** 402: a subscription, purchase or ticket would give access. */
  | { kind: 'needs-access'; message: string }
  /** Region, time window, ended screening, ticket problems, plans not available, anything else. */
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'network' };

export interface PlayRequest {
  locale: Locale;
  token: string | undefined;
  /** e.g. `/play-info/12`, `/play-info`, `/live-play-info/7`, `/play-preview-info/12`. */
  path: string;
  query: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
}

export function apiHeaders(locale: Locale, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': locale, 'Accept-Language-site': locale };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  return headers;
}

export function apiUrl(path: string, query: PlayRequest['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `/api/v1${path}${search ? `?${search}` : ''}`;
}

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function requestPlay({ locale, token, path, query, signal }: PlayRequest): Promise<PlayOutcome> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      headers: apiHeaders(locale, token),
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { kind: 'network' };
  }
  if (response.status === 204) return { kind: 'unavailable' };
  const body = await bodyOf(response);
  const message = typeof body['message'] === 'string' ? body['message'] : '';
  if (response.ok) return { kind: 'ok', info: body as unknown as PlayInfo };
  if (response.status === 401) return { kind: 'login', message };
  if (typeof body['starts_at'] === 'string' && (response.status === 425 || response.status === 403)) {
    return { kind: 'not-started', startsAt: body['starts_at'], message };
  }
  if (response.status === 402) return { kind: 'needs-access', message };
  return { kind: 'refused', status: response.status, message };
}
