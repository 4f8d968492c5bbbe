import { useEffect } from 'react';
import { apiHeaders } from '~/lib/player/play-api';
import type { Locale } from '~/lib/locale';
import type { SaveWatchTime } from '~/shared/playback';

export interface WatchTarget {
  productId: number;
  episodeId: number | null;
  duration: number;
}

/** Every 10 s of playing, on pause and when the page is left (the contract's save-watch-time rule). */
const SAVE_EVERY_MS = 10_000;

/**
 * Saves the viewer's position so the next visit resumes there. The request is `keepalive`, so the one
 * sent while the tab is being closed (pagehide, or hidden on mobile where pagehide may never come)
 * still reaches the server.
 */
export function useWatchTime(
  video: HTMLVideoElement | null,
  target: WatchTarget | null,
  token: string | undefined,
  locale: Locale,
): void {
  useEffect(() => {
    if (!video || !target || !token) return;
    let lastSaved = -1;
    const save = () => {
      const position = Math.floor(video.currentTime);
      if (position === lastSaved || !(position > 0)) return;
      lastSaved = position;
      void fetch('/api/v1/core/save-watch-time', {
        method: 'POST',
        keepalive: true,
        headers: { ...apiHeaders(locale, token), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          product_id: target.productId,
          ...(target.episodeId ? { episode_id: target.episodeId } : {}),
          position,
          duration: Math.round(target.duration || video.duration || 0),
        } satisfies SaveWatchTime),
      }).catch(() => {
        // Losing one save only costs a few seconds of resume accuracy; the next one retries.
        lastSaved = -1;
      });
    };
    const timer = setInterval(() => {
      if (!video.paused) save();
    }, SAVE_EVERY_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    video.addEventListener('pause', save);
    video.addEventListener('ended', save);
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      save();
      clearInterval(timer);
      video.removeEventListener('pause', save);
      video.removeEventListener('ended', save);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [video, target, token, locale]);
}
