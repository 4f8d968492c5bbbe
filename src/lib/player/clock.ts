/**
 * The server's clock as seen from the browser: screenings start by the server's time, and a device
 * clock a few minutes off would start the countdown's end too early or too late. The skew is measured
 * once from the time the server rendered the page (so it also carries that page's transfer time, well
 * under a second).
 */
let skew = 0;

export function syncClock(serverNow: number): void {
  skew = serverNow - Date.now();
}

export function serverTime(): number {
  return Date.now() + skew;
}
