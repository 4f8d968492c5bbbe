import type { $Fetch } from 'ofetch';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Captcha } from '~/shared/core';

/** Loads a captcha (GET /core/captcha/flat, one-time), and a fresh one on demand or shortly before the current one expires. */
export function useCaptcha(api: $Fetch) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(true);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(async () => {
    setLoading(true);
    clearTimeout(expiry.current);
    try {
      const next = await api<Captcha>('/core/captcha/flat');
      setCaptcha(next);
      // Renew a little early so a slow typist never submits an expired one.
      const renewInMs = Math.max(next.expires_in - 10, 5) * 1000;
      expiry.current = setTimeout(() => void refresh(), renewInMs);
    } catch {
      // The API client has already told the viewer (network toast); the refresh button stays available.
      setCaptcha(null);
    } finally {
      setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void refresh();
    return () => clearTimeout(expiry.current);
  }, [refresh]);

  return { captcha, loading, refresh };
}
