/**
 * The viewer's address as the streaming network sees it (SPEC §7 "two GET lookups ... before play
 * calls"). Live tickets are bound to the first network that uses them, so the play calls carry it.
 *
 * The two configured services are asked at once and the first usable answer wins; one that fails lets
 * the other decide; after the timeout the play call goes ahead without an address (the server then
 * uses the request's own address), so a slow lookup never holds playback up by more than that.
 */
const IP_PATTERN = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]{2,39})$/i;

/** Our own endpoint, the contract's default when PUBLIC_STREAMING_IP_URLS is not set. */
export const defaultIpUrls = ['/api/v1/core/ip'];

/** Splits the comma-separated setting; empty entries are ignored, and at most two are used. */
export function ipUrlsOf(setting: string | undefined): string[] {
  const urls = (setting ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return (urls.length > 0 ? urls : defaultIpUrls).slice(0, 2);
}

/** Accepts `{ "ip": "..." }` (ours, ipify's JSON) or a bare address as text (ipify, icanhazip). */
export function ipOf(body: string): string | null {
  let candidate = body.trim();
  try {
    const parsed: unknown = JSON.parse(candidate);
    if (typeof parsed === 'object' && parsed !== null && 'ip' in parsed) {
      candidate = String((parsed as { ip: unknown }).ip).trim();
    }
  } catch {
    // Plain text answer.
  }
  return IP_PATTERN.test(candidate) ? candidate : null;
}

async function lookup(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const ip = ipOf(await response.text());
  if (!ip) throw new Error('no address in the answer');
  return ip;
}

/** Resolves to the first address any service returns, or null after `timeoutMs` or when all fail. */
export async function lookUpStreamingIp(urls: string[], timeoutMs = 1500): Promise<string | null> {
  if (urls.length === 0) return null;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([Promise.any(urls.map((url) => lookup(url, controller.signal))), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    // The slower (or hanging) lookup is no longer needed.
    controller.abort();
  }
}

let pending: Promise<string | null> | null = null;

/**
 * One lookup per page: the player starts it as soon as it hydrates so the answer is ready when the
 * viewer presses play, and every later play call (next episode, retry) reuses it.
 */
export function streamingIp(urls: string[]): Promise<string | null> {
  pending ??= lookUpStreamingIp(urls);
  return pending;
}
