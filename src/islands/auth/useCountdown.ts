import { useEffect, useState } from 'react';
import { secondsLeft } from '~/lib/auth-flow';

/** Whole seconds left until `deadline` (epoch ms), ticking once a second; 0 when null or passed. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    // Sync with the clock on every deadline, then tick; the interval stops once the deadline passes.
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(deadline, now);
}
