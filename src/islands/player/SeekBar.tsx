import { useRef, useState } from 'react';
import { fillText, type PlayerStrings } from '~/lib/player/text';
import { formatTime } from '~/lib/player/time';
import { cueAt, thumbnailCues, type Thumbnail } from '~/lib/player/vtt';
import type { Locale } from '~/lib/locale';

/**
 * The timeline (keyed by its thumbnails URL by the parent, so a new stream starts afresh): a native range input (keyboard, screen readers and touch for free), drawn left to
 * right in both languages like every media timeline, with a preview picture from the thumbnail sprite
 * above the pointer.
 */
export function SeekBar({
  locale,
  strings,
  time,
  duration,
  thumbnails,
  onSeek,
}: {
  locale: Locale;
  strings: PlayerStrings;
  time: number;
  duration: number;
  thumbnails: string | null;
  /** Moves playback (and the slider at once, so React does not put the old value back). */
  onSeek: (seconds: number) => void;
}) {
  const [sprites, setSprites] = useState<Thumbnail[]>([]);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const requested = useRef(false);

  // The thumbnails file is fetched the first time the pointer moves over the timeline.
  function loadThumbnails() {
    if (requested.current || !thumbnails) return;
    requested.current = true;
    fetch(thumbnails)
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => setSprites(thumbnailCues(text, new URL(thumbnails, location.href).href)))
      .catch(() => {});
  }

  const preview = hover ? cueAt(sprites, hover.time) : undefined;
  const previewWidth = preview?.width ?? 0;
  const left = hover
    ? Math.min(Math.max(0, hover.x - previewWidth / 2), Math.max(0, hover.width - previewWidth))
    : 0;

  return (
    <div
      className="relative"
      dir="ltr"
      onPointerMove={(event) => {
        // On move, not only on enter: the pointer may already be over the bar when it fades in.
        loadThumbnails();
        const box = event.currentTarget.getBoundingClientRect();
        const x = Math.min(Math.max(0, event.clientX - box.left), box.width);
        setHover({ time: (x / box.width) * duration, x, width: box.width });
      }}
      onPointerLeave={() => setHover(null)}
    >
      {hover && (
        <div
          className="pointer-events-none absolute bottom-12 flex flex-col items-center gap-1"
          style={{ left }}
          aria-hidden="true"
        >
          {preview && (
            <div
              className="rounded border border-white/60 bg-black shadow-lg"
              style={{
                width: preview.width,
                height: preview.height,
                backgroundImage: `url("${preview.url}")`,
                backgroundPosition: `-${preview.x}px -${preview.y}px`,
              }}
              data-seek-preview
            />
          )}
          <span className="rounded bg-black/80 px-2 text-sm tabular-nums">
            {formatTime(hover.time, locale)}
          </span>
        </div>
      )}
      <input
        type="range"
        min={0}
        max={duration || 0}
        step={1}
        value={Math.min(time, duration || 0)}
        onChange={(event) => onSeek(Number(event.target.value))}
        aria-label={strings.seek}
        aria-valuetext={fillText(
          strings.elapsed,
          { current: formatTime(time, locale), duration: formatTime(duration, locale) },
          locale,
        )}
        className="block h-11 w-full cursor-pointer accent-accent"
        data-seek
      />
    </div>
  );
}
