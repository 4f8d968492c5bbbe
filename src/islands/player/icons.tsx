/* The icons of the player (24-unit SVG paths) and the round button they sit in. */

/** The look of every round button of the player's bar. */
export const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-white';

export function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

export const icons = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  rewind: 'M11 18V6l-8.5 6zm.5-6 8.5 6V6z',
  forward: 'M4 18l8.5-6L4 6zm9-12v12l8.5-6z',
  volume: 'M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted:
    'M16.5 12 19 9.5l1.4 1.4L17.9 13.4l2.5 2.5-1.4 1.4-2.5-2.5-2.5 2.5-1.4-1.4 2.5-2.5-2.5-2.5 1.4-1.4zM3 9v6h4l5 5V4L7 9z',
  settings:
    'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1L11 21h4l.4-2.9a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  pip: 'M19 7h-8v6h8zm4 12V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z',
  fullscreen: 'M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z',
  report: 'M12 2 1 21h22zm1 16h-2v-2h2zm0-4h-2v-4h2z',
  next: 'M6 18l8.5-6L6 6zm10-12v12h2V6z',
};
