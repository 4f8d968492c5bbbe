/**
 * A small WebVTT reader for the two files the player draws itself: subtitles (rendered in our own
 * overlay so Persian lines get right-to-left punctuation, see docs/decisions/0012-player.md) and the
 * seek-preview thumbnails (`sprite.jpg#xywh=x,y,w,h` cues). hls.js's light build has no subtitle
 * support, and the browser's own cue rendering gets the bidi of Persian punctuation wrong.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

export interface Thumbnail {
  start: number;
  end: number;
  /** Absolute URL of the sprite image. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/** "01:02:03.450" or "02:03.450" in seconds. */
export function vttTime(text: string): number {
  const parts = text.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Markup inside cue text (<i>, <b>, <c.class>, <v Speaker>) is dropped; entities are decoded. */
function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lrm;/g, '\u200e')
    .replace(/&rlm;/g, '\u200f')
    .replace(/&amp;/g, '&');
}

/** The cues of a WebVTT file in file order; NOTE, STYLE and REGION blocks are skipped. */
export function parseVtt(source: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const index = lines.findIndex((line) => TIMING.test(line));
    if (index === -1) continue;
    const match = TIMING.exec(lines[index] ?? '');
    if (!match?.[1] || !match[2]) continue;
    cues.push({
      start: vttTime(match[1]),
      end: vttTime(match[2]),
      text: lines.slice(index + 1).join('\n'),
    });
  }
  return cues;
}

export function subtitleCues(source: string): Cue[] {
  return parseVtt(source).map((cue) => ({ ...cue, text: plainText(cue.text).trim() }));
}

/** The cue showing at `time` (cues are few and sorted, a linear scan is fine at 4 Hz). */
export function cueAt<T extends { start: number; end: number }>(cues: T[], time: number): T | undefined {
  return cues.find((cue) => time >= cue.start && time < cue.end);
}

/** Thumbnail cues; the sprite path is resolved against the VTT's own (signed) URL. */
export function thumbnailCues(source: string, vttUrl: string): Thumbnail[] {
  const thumbnails: Thumbnail[] = [];
  for (const cue of parseVtt(source)) {
    const match = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(cue.text.trim());
    if (!match?.[1]) continue;
    thumbnails.push({
      start: cue.start,
      end: cue.end,
      url: new URL(match[1], vttUrl).href,
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return thumbnails;
}
