import { useEffect, useRef } from 'react';

/**
 * Moves focus to the first field of a step when it appears, so a keyboard or screen-reader user lands
 * where the step starts. (Not the autoFocus attribute: it fires before the dialog records its opener.)
 */
export function useFocusFirst<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current
      ?.querySelector<HTMLElement>('input:not([type=hidden]):not([hidden]), button, [href]')
      ?.focus();
  }, []);
  return ref;
}
