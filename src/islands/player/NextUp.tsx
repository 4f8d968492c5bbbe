import { useEffect, useRef, useState } from 'react';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import type { PlayInfo } from '~/shared/playback';
import type { Locale } from '~/lib/locale';

/** Seconds between an episode's end (its credits) and the next one starting by itself. */
export const NEXT_UP_SECONDS = 8;

type Episode = NonNullable<PlayInfo['next_episode']>;

/** "S1E2 Name": the episode as the countdown names it. */
export function episodeLabel(episode: Episode, strings: PlayerStrings, locale: Locale): string {
  return fillText(
    strings.nextUp.episode,
    {
      season: episode.season,
      number: episode.number,
      title: locale === 'fa' ? episode.title : episode.en_title,
    },
    locale,
  );
}

/**
 * The countdown at an episode's end: the next episode starts when it reaches zero, "Play now" starts it
 * at once, Cancel stays with this one. It counts only while the picture plays or has ended (a viewer who
 * paused the credits is not moved on). Its "Play now" takes the focus when nothing else in the player has
 * it, so Enter starts the next episode and Tab reaches Cancel.
 */
export function NextUp({
  locale,
  strings,
  episode,
  running,
  onPlay,
  onCancel,
}: {
  locale: Locale;
  strings: PlayerStrings;
  episode: Episode;
  running: boolean;
  onPlay: () => void;
  onCancel: () => void;
}) {
  const [left, setLeft] = useState(NEXT_UP_SECONDS);
  const play = useRef<HTMLButtonElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.closest('[data-player]')) play.current?.focus();
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (left > 0 || done.current) return;
    done.current = true;
    onPlay();
  }, [left, onPlay]);

  return (
    <section
      aria-labelledby="next-up-title"
      className="pointer-events-auto absolute end-4 bottom-28 flex w-[min(22rem,calc(100%-2rem))] flex-col gap-3 rounded-xl bg-neutral-900/95 p-4 text-start shadow-xl"
      dir={locale === 'fa' ? 'rtl' : 'ltr'}
      data-next-up
    >
      <h2 id="next-up-title" className="font-bold">
        {fillText(strings.nextEpisode, { title: episodeLabel(episode, strings, locale) }, locale)}
      </h2>
      <p aria-live="off" data-next-up-seconds>
        {fillText(strings.nextUp.startsIn, { seconds: left }, locale)}
      </p>
      <div className="flex flex-wrap gap-3">
        <button ref={play} type="button" className="button-primary" onClick={onPlay}>
          {strings.nextUp.playNow}
        </button>
        <button
          type="button"
          className="button-secondary border-white/30 text-white hover:bg-white/10"
          onClick={onCancel}
        >
          {strings.nextUp.cancel}
        </button>
      </div>
    </section>
  );
}
