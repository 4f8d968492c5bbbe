import { afterEach, describe, expect, it, vi } from 'vitest';
import { hotkeyOf } from '~/lib/player/hotkeys';
import { ipOf, ipUrlsOf, lookUpStreamingIp } from '~/lib/player/streaming-ip';
import { countdownParts, fillText } from '~/lib/player/text';
import { formatTime } from '~/lib/player/time';
import { cueAt, subtitleCues, thumbnailCues, vttTime } from '~/lib/player/vtt';

/** The player's browser-side helpers (src/lib/player): pure functions, tested without a browser. */

describe('WebVTT', () => {
  const subtitles = [
    'WEBVTT',
    'X-TIMESTAMP-MAP=MPEGTS:133200,LOCAL:00:00:00.000',
    '',
    'NOTE written by hand',
    '',
    '1',
    '00:00:01.000 --> 00:00:04.000 align:center',
    '<i>«زیرنویس فارسی»</i> &amp; درست است؟',
    '',
    '01:00:05.500 --> 01:00:08.000',
    'two',
    'lines',
    '',
  ].join('\r\n');

  it('reads cue times with and without hours', () => {
    expect(vttTime('00:01.250')).toBe(1.25);
    expect(vttTime('01:02:03.500')).toBe(3723.5);
  });

  it('reads cues, drops markup and skips header, NOTE and settings', () => {
    const cues = subtitleCues(subtitles);
    expect(cues).toEqual([
      { start: 1, end: 4, text: '«زیرنویس فارسی» & درست است؟' },
      { start: 3605.5, end: 3608, text: 'two\nlines' },
    ]);
    expect(cueAt(cues, 3.9)?.start).toBe(1);
    expect(cueAt(cues, 4)).toBeUndefined();
  });

  it('resolves thumbnail sprites against the signed VTT address', () => {
    const source = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsprite.jpg#xywh=160,90,160,90\n';
    expect(thumbnailCues(source, 'https://x.test/api/v1/media/hls/TOKEN/thumbs/thumbs.vtt')).toEqual([
      {
        start: 0,
        end: 2,
        url: 'https://x.test/api/v1/media/hls/TOKEN/thumbs/sprite.jpg',
        x: 160,
        y: 90,
        width: 160,
        height: 90,
      },
    ]);
  });
});

describe('hotkeys', () => {
  const key = (code: string, extra: Partial<KeyboardEvent> = {}) =>
    hotkeyOf({ key: '', code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...extra });

  it('go 10 s forward with ArrowRight and L, back with ArrowLeft and J, by physical key', () => {
    expect(key('ArrowRight')).toEqual({ type: 'seek', by: 10 });
    expect(key('KeyL')).toEqual({ type: 'seek', by: 10 });
    expect(key('ArrowLeft')).toEqual({ type: 'seek', by: -10 });
    expect(key('KeyJ')).toEqual({ type: 'seek', by: -10 });
  });

  it('play and pause with Space and K, full screen with F, mute with M; ignore modifiers', () => {
    expect(key('Space')).toEqual({ type: 'toggle-play' });
    expect(key('KeyK')).toEqual({ type: 'toggle-play' });
    expect(key('KeyF')).toEqual({ type: 'fullscreen' });
    expect(key('KeyM')).toEqual({ type: 'mute' });
    expect(key('KeyF', { ctrlKey: true })).toBeNull();
    expect(key('KeyQ')).toBeNull();
  });

  it('volume up and down a tenth with ArrowUp and ArrowDown; the help with "?" on either layout', () => {
    expect(key('ArrowUp')).toEqual({ type: 'volume', by: 0.1 });
    expect(key('ArrowDown')).toEqual({ type: 'volume', by: -0.1 });
    expect(key('Slash', { key: '?', shiftKey: true })).toEqual({ type: 'help' });
    expect(key('Slash', { key: '؟', shiftKey: true })).toEqual({ type: 'help' });
    expect(key('Slash', { key: '/' })).toBeNull();
  });
});

describe('streaming IP', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses at most two configured services, our own by default', () => {
    expect(ipUrlsOf(undefined)).toEqual(['/api/v1/core/ip']);
    expect(ipUrlsOf(' https://a.test/ip , ,https://b.test/ip,https://c.test/ip')).toEqual([
      'https://a.test/ip',
      'https://b.test/ip',
    ]);
  });

  it('accepts JSON or a bare address, nothing else', () => {
    expect(ipOf('{"ip":"5.160.1.2"}')).toBe('5.160.1.2');
    expect(ipOf('2001:db8::1\n')).toBe('2001:db8::1');
    expect(ipOf('<html>')).toBeNull();
  });

  it('takes the first answer, falls back to the other service, and gives up after the timeout', async () => {
    const answers: Record<string, () => Promise<Response>> = {
      fast: () => Promise.resolve(new Response('{"ip":"1.2.3.4"}')),
      broken: () => Promise.resolve(new Response('nope', { status: 500 })),
      slow: () => new Promise((resolve) => setTimeout(() => resolve(new Response('9.9.9.9')), 200)),
      hanging: () => new Promise(() => {}),
    };
    vi.stubGlobal('fetch', (url: string) => answers[url]!());
    expect(await lookUpStreamingIp(['slow', 'fast'])).toBe('1.2.3.4');
    expect(await lookUpStreamingIp(['broken', 'slow'])).toBe('9.9.9.9');
    expect(await lookUpStreamingIp(['broken', 'hanging'], 50)).toBeNull();
  });
});

describe('texts and times', () => {
  it('writes media times in the page digits', () => {
    expect(formatTime(65, 'en')).toBe('1:05');
    expect(formatTime(3725, 'fa')).toBe('۱:۰۲:۰۵');
    expect(formatTime(Number.NaN, 'en')).toBe('0:00');
  });

  it('fills placeholders, numbers in the page digits', () => {
    expect(fillText('{{n}} ms to {{what}}', { n: 12, what: 'play' }, 'fa')).toBe('۱۲ ms to play');
    expect(fillText('{{missing}}', {}, 'en')).toBe('{{missing}}');
  });

  it('splits a countdown into days, hours, minutes and seconds', () => {
    expect(countdownParts(((26 * 60 + 3) * 60 + 4) * 1000)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
