import { describe, expect, it } from 'vitest';
import { liveWindow, renderLivePlaylist } from '~/server/media/live';
import { parseMediaPlaylist } from '~/server/media/packages';

/** A 5-segment package of 2 s segments with a 1.5 s tail: one pass lasts 9.5 s. */
const playlist = parseMediaPlaylist(
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x00112233445566778899aabbccddeeff',
    ...[2, 2, 2, 2, 1.5].flatMap((d, i) => [`#EXTINF:${d.toFixed(6)},`, `seg0000${i}.mpegts`]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n'),
);
const startsAt = new Date('2026-03-21T20:00:00Z');
const at = (seconds: number) => new Date(startsAt.getTime() + seconds * 1000);

describe('live window', () => {
  it('parses the packaged playlist', () => {
    expect(playlist.targetDuration).toBe(2);
    expect(playlist.keyLine).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="key"/);
    expect(playlist.segments.map((s) => s.duration)).toEqual([2, 2, 2, 2, 1.5]);
  });

  it('at the start holds only the first segment', () => {
    const window = liveWindow(playlist, startsAt, startsAt, 3);
    expect(window.mediaSequence).toBe(0);
    expect(window.discontinuitySequence).toBe(0);
    expect(window.entries).toEqual([
      { uri: 'seg00000.mpegts', duration: 2, discontinuity: false, programDateTime: startsAt },
    ]);
  });

  it('ends with the segment playing now, and grows to its size', () => {
    const window = liveWindow(playlist, startsAt, at(5.9), 3);
    expect(window.mediaSequence).toBe(0);
    expect(window.entries.map((e) => e.uri)).toEqual([
      'seg00000.mpegts',
      'seg00001.mpegts',
      'seg00002.mpegts',
    ]);
    const later = liveWindow(playlist, startsAt, at(6), 3);
    expect(later.mediaSequence).toBe(1);
    expect(later.entries.map((e) => e.uri)).toEqual([
      'seg00001.mpegts',
      'seg00002.mpegts',
      'seg00003.mpegts',
    ]);
  });

  it('lists segments ahead of the schedule (across a loop), none from the end on, and is the same until the next segment', () => {
    // 8.5 s: segment 4 (the 1.5 s tail, from 8 s) plays now; two ahead: the next pass's first two.
    const window = liveWindow(playlist, startsAt, at(8.5), 2, 2, at(11));
    expect(window.entries.map((e) => [e.uri, e.discontinuity, e.programDateTime.toISOString()])).toEqual([
      ['seg00003.mpegts', false, at(6).toISOString()],
      ['seg00004.mpegts', false, at(8).toISOString()],
      ['seg00000.mpegts', true, at(9.5).toISOString()],
    ]);
    expect(window.since).toEqual(at(8));
    expect(window.changesAt).toEqual(at(9.5));
    // Without an end, both segments ahead are listed.
    expect(liveWindow(playlist, startsAt, at(8.5), 2, 2).entries.at(-1)!.programDateTime).toEqual(at(11.5));
  });

  it('loops with a discontinuity, and keeps sequence and dates running from the clock', () => {
    // 9.5 s per pass: at 21 s we are 2 s into the third pass (global segment 11).
    const window = liveWindow(playlist, startsAt, at(21), 4);
    expect(window.mediaSequence).toBe(8);
    expect(window.discontinuitySequence).toBe(1);
    expect(window.entries.map((e) => [e.uri, e.discontinuity, e.programDateTime.toISOString()])).toEqual([
      ['seg00003.mpegts', false, at(15.5).toISOString()],
      ['seg00004.mpegts', false, at(17.5).toISOString()],
      ['seg00000.mpegts', true, at(19).toISOString()],
      ['seg00001.mpegts', false, at(21).toISOString()],
    ]);
  });

  it('a window starting on a pass boundary carries the count in its discontinuity sequence', () => {
    const window = liveWindow(playlist, startsAt, at(19 + 2.5), 2);
    expect(window.mediaSequence).toBe(10);
    expect(window.discontinuitySequence).toBe(2);
    expect(window.entries[0]).toMatchObject({ uri: 'seg00000.mpegts', discontinuity: false });
  });

  it('every viewer asking within the same segment gets the same playlist', () => {
    const render = (seconds: number) =>
      renderLivePlaylist(liveWindow(playlist, startsAt, at(seconds)), 2, playlist.keyLine);
    // Pass 379 starts at 3600.5 s; its first segment plays until 3602.5 s.
    expect(render(3600.6)).toBe(render(3602.4));
    expect(render(3602.4)).not.toBe(render(3602.6));
  });

  it('renders a live media playlist: no ENDLIST, the key once, dates on every segment', () => {
    const text = renderLivePlaylist(
      liveWindow(playlist, startsAt, at(21), 4),
      2,
      '#EXT-X-KEY:METHOD=AES-128,URI="/k"',
    );
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:8',
        '#EXT-X-DISCONTINUITY-SEQUENCE:1',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-KEY:METHOD=AES-128,URI="/k"',
        '#EXT-X-DATERANGE:ID="pass-1",CLASS="cinema-stream.loop-pass",START-DATE="2026-03-21T20:00:09.500Z",DURATION=9.500',
        '#EXT-X-PROGRAM-DATE-TIME:2026-03-21T20:00:15.500Z',
        '#EXTINF:2.000,',
        'seg00003.mpegts',
        '#EXT-X-PROGRAM-DATE-TIME:2026-03-21T20:00:17.500Z',
        '#EXTINF:1.500,',
        'seg00004.mpegts',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-DATERANGE:ID="pass-2",CLASS="cinema-stream.loop-pass",START-DATE="2026-03-21T20:00:19.000Z",DURATION=9.500',
        '#EXT-X-PROGRAM-DATE-TIME:2026-03-21T20:00:19.000Z',
        '#EXTINF:2.000,',
        'seg00000.mpegts',
        '#EXT-X-PROGRAM-DATE-TIME:2026-03-21T20:00:21.000Z',
        '#EXTINF:2.000,',
        'seg00001.mpegts',
        '',
      ].join('\n'),
    );
  });

  it('is continuous across a loop boundary: dates, discontinuity sequence and each pass announced one pass after the last', () => {
    // Any instant around the boundaries of the first passes, with segments ahead as the server lists them.
    for (let seconds = 15; seconds < 30; seconds += 0.25) {
      const window = liveWindow(playlist, startsAt, at(seconds), 6, 3);
      const text = renderLivePlaylist(window, 2, null).split('\n');
      const segments: { date: number; duration: number; discontinuity: boolean }[] = [];
      const passes: { id: string; start: number; duration: number }[] = [];
      let discontinuity = false;
      for (const [i, line] of text.entries()) {
        if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
        const range = /^#EXT-X-DATERANGE:ID="(.+)",CLASS="(.+)",START-DATE="(.+)",DURATION=(.+)$/.exec(line);
        if (range) passes.push({ id: range[1]!, start: Date.parse(range[3]!), duration: Number(range[4]) });
        if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
          segments.push({
            date: Date.parse(line.slice(25)),
            duration: Number(text[i + 1]!.slice(8, -1)),
            discontinuity,
          });
          discontinuity = false;
        }
      }
      // Each segment plays when the one before it ends: no gap, no overlap in the schedule.
      for (let i = 1; i < segments.length; i++) {
        expect(segments[i]!.date).toBe(segments[i - 1]!.date + segments[i - 1]!.duration * 1000);
      }
      // A pass per discontinuity (plus the first entry's), the next starting where the one before ends,
      // and a pass that begins in the window begins with the discontinuity's segment.
      expect(passes).toHaveLength(1 + segments.filter((s) => s.discontinuity).length);
      for (let i = 1; i < passes.length; i++) {
        expect(passes[i]!.start).toBe(passes[i - 1]!.start + passes[i - 1]!.duration * 1000);
        expect(passes[i]!.duration).toBe(9.5);
      }
      const boundaries = segments.filter((s) => s.discontinuity).map((s) => s.date);
      expect(boundaries).toEqual(passes.slice(1).map((p) => p.start));
      // The discontinuity sequence counts the passes before the first segment's (per RFC 8216 6.2.2).
      expect(passes[0]!.id).toBe(`pass-${window.discontinuitySequence}`);
      expect(passes[0]!.start).toBe(startsAt.getTime() + window.discontinuitySequence * 9_500);
    }
  });
});
