import QRCode from 'qrcode';
import { randomCode } from '../auth';

/**
 * Cafe ticket codes: 12 symbols of 32 (60 random bits; with wrong tries limited per address nobody
 * finds one by guessing), without 0/O or 1/I since they are read aloud and typed from a phone. Kept
 * without dashes; shown and put in the QR code in groups of four, which the desk strips again.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newCafeCode(): string {
  return randomCode(ALPHABET, 12);
}

export function shownCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** The QR code the door scans, as an image address (`data:image/svg+xml`). */
export async function qrOf(code: string): Promise<string> {
  const svg = await QRCode.toString(shownCode(code), { type: 'svg', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
