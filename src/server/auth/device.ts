/**
 * A short, human label for a device from its User-Agent ("Chrome, Android"), shown on the devices page
 * and when a fourth login is refused. Order matters: Edge and Opera also claim to be Chrome and Safari.
 */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const MAX_LABEL = 80;

function first(list: [RegExp, string][], userAgent: string): string | undefined {
  return list.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent?.trim() ?? '';
  const label = [first(browsers, ua), first(systems, ua)].filter(Boolean).join(', ');
  // Apps and scripts send their own names (e.g. "okhttp/4.12"); show the first word of those.
  return (label || ua.split(/\s/)[0] || 'Unknown').slice(0, MAX_LABEL);
}
