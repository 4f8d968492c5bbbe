import { createHash } from 'node:crypto';

/**
 * Demo cafe photos the server draws itself (no downloads), like the catalogue's artwork: a screening
 * room seen from the back, its colours and layout from a hash of the file name, so each cafe keeps its
 * look. `/cafe-photos/<slug>-<n>.svg`; real cafes would store uploaded pictures' addresses instead.
 */
export const CAFE_PHOTO_PATTERN = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9])\.svg$/;

export function cafePhotoSvg(name: string): string {
  const hash = createHash('sha256').update(name).digest();
  const hue = (hash[0]! * 360) / 256;
  const warm = (hue + 30) % 360;
  const rows = 3 + (hash[1]! % 3);
  const perRow = 6 + (hash[2]! % 4);
  const screenWidth = 360 + (hash[3]! % 160);
  const screenX = (640 - screenWidth) / 2;
  const seats: string[] = [];
  for (let row = 0; row < rows; row++) {
    const y = 250 + row * (130 / rows);
    const radius = 12 + row * 3;
    for (let seat = 0; seat < perRow; seat++) {
      const x = 40 + ((seat + 0.5) * 560) / perRow;
      seats.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${radius}" fill="hsl(${warm} 45% 22%)"/>`,
      );
    }
  }
  const lamps = [0, 1, 2, 3]
    .map((lamp) => {
      const x = 80 + lamp * 160 + (hash[4 + lamp]! % 40);
      return `<circle cx="${x}" cy="28" r="10" fill="hsl(45 90% 70%)"/><path d="M${x - 40} 400 L${x} 28 L${x + 40} 400Z" fill="hsl(45 90% 70%)" fill-opacity="0.06"/>`;
    })
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 60% 35%)"/></linearGradient></defs>`,
    `<rect width="640" height="400" fill="hsl(${warm} 30% 12%)"/>`,
    `<rect x="${screenX}" y="60" width="${screenWidth}" height="${screenWidth * 0.42}" rx="6" fill="url(#g)"/>`,
    lamps,
    ...seats,
    '</svg>',
  ].join('');
}
