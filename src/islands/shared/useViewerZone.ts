import { useEffect, useState } from 'react';
import { TEHRAN, viewerZone } from '~/lib/schedule-time';

/**
 * The viewer's time zone for scheduleTime in an island: Tehran for the first render, as the server
 * rendered it (so hydration matches), then the browser's.
 */
export function useViewerZone(): string {
  const [zone, setZone] = useState(TEHRAN);
  useEffect(() => setZone(viewerZone()), []);
  return zone;
}
