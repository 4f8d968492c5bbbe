import { useRef } from 'react';

/** Two taps on the picture this close together are a double tap (full screen). */
const DOUBLE_TAP_MS = 300;

/**
 * Clicking the picture plays or pauses, as in every player (the buttons do the same by keyboard); a
 * tap on a touch screen while the controls are hidden only brings them back. A double click or a
 * double tap toggles full screen (F and the button do the same).
 */
export function Picture({
  shown,
  onTogglePlay,
  onToggleFullscreen,
}: {
  /** The controls are on screen (read at the press, before the press itself shows them). */
  shown: boolean;
  onTogglePlay: () => void;
  onToggleFullscreen: () => void;
}) {
  const shownAtPress = useRef(true);
  const lastTouchUp = useRef(0);
  const lastPointer = useRef('');
  return (
    <div
      className="min-h-0 flex-1"
      onPointerDown={(event) => {
        // Noted before the container's handler shows the controls for this very touch.
        shownAtPress.current = shown;
        lastPointer.current = event.pointerType;
      }}
      onPointerUp={(event) => {
        if (event.pointerType === 'touch') {
          // Touch browsers do not all send dblclick: two taps in quick succession are counted here.
          const now = event.timeStamp;
          const double = now - lastTouchUp.current < DOUBLE_TAP_MS;
          lastTouchUp.current = double ? 0 : now;
          if (double) {
            onToggleFullscreen();
            return;
          }
          if (!shownAtPress.current) return;
        }
        onTogglePlay();
      }}
      onDoubleClick={() => {
        // A double tap was counted above; the browser's compatibility dblclick after it is not a second.
        if (lastPointer.current !== 'touch') onToggleFullscreen();
      }}
      aria-hidden="true"
      data-picture
    />
  );
}
