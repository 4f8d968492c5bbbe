import Hls from 'hls.js/light';
import { describe, expect, it } from 'vitest';
import { continueLoops } from '~/islands/player/engine';
import { LOOP_PASS_CLASS } from '~/shared/live';

/**
 * A screening looping its package crosses each pass's boundary without a hole (issue 30, decision
 * record 0051): once hls.js knows one pass's timestamp offset, the player gives every other announced
 * pass the same offset moved by the passes' distance, before hls.js guesses one from the new
 * segment's first samples (which left the demo's passes ~90 ms apart: every viewer stalled at once).
 */

const TS = 90_000;
const PASS_30 = Date.parse('2026-11-26T07:04:05.000Z');
const PASS_31 = PASS_30 + 60_000;

/** An hls.js stand-in: its events, and the stream controller's offsets by discontinuity. */
function fakeHls() {
  const handlers = new Map<string, ((event: string, data: unknown) => void)[]>();
  const triggered: { event: string; data: { frag: { cc: number }; initPTS: number } }[] = [];
  const hls = {
    streamController: { initPTS: [] as ({ baseTime: number; timescale: number } | undefined)[] },
    on(event: string, handler: (event: string, data: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    trigger(event: string, data: unknown) {
      triggered.push({ event, data: data as (typeof triggered)[number]['data'] });
      for (const handler of handlers.get(event) ?? []) handler(event, data);
    },
  };
  continueLoops(hls as unknown as Hls, Hls);
  return { hls, triggered };
}

const frag = (sn: number, cc: number, programDateTime: number) => ({ sn, cc, programDateTime });
/** The live window at a boundary: the last segments of pass 30, the first of pass 31. */
const details = (announced: boolean) => ({
  fragments: [frag(928, 30, PASS_31 - 4_000), frag(929, 30, PASS_31 - 2_000), frag(930, 31, PASS_31)],
  dateRanges: announced
    ? {
        'pass-30': { class: LOOP_PASS_CLASS, startDate: new Date(PASS_30), duration: 60 },
        'pass-31': { class: LOOP_PASS_CLASS, startDate: new Date(PASS_31), duration: 60 },
      }
    : {},
});

describe('a looping screening in the player', () => {
  it('maps the next pass one pass after the one hls.js mapped, and tells the other controllers', () => {
    const { hls, triggered } = fakeHls();
    hls.trigger(Hls.Events.LEVEL_UPDATED, { details: details(true), level: 0 });
    // hls.js mapped pass 30 from segment 928 (joined there).
    const known = 8_589_520_592;
    hls.trigger(Hls.Events.INIT_PTS_FOUND, {
      id: 'main',
      frag: details(true).fragments[0],
      initPTS: known,
      timescale: TS,
      trackId: 1,
    });
    expect(hls.streamController.initPTS[31]).toEqual({
      baseTime: known - 60 * TS,
      timescale: TS,
      trackId: 1,
    });
    const told = triggered.filter((t) => t.event === Hls.Events.INIT_PTS_FOUND && t.data.frag.cc === 31);
    expect(told.map((t) => t.data.initPTS)).toEqual([known - 60 * TS]);
  });

  it('leaves a stream that announces no passes to hls.js', () => {
    const { hls } = fakeHls();
    hls.trigger(Hls.Events.LEVEL_UPDATED, { details: details(false), level: 0 });
    hls.trigger(Hls.Events.INIT_PTS_FOUND, {
      id: 'main',
      frag: details(false).fragments[0],
      initPTS: 1,
      timescale: TS,
      trackId: 1,
    });
    expect(hls.streamController.initPTS[31]).toBeUndefined();
  });

  it('the hls.js in use keeps its offsets where the player sets them', () => {
    // Not public API: an hls.js upgrade that moves them must fail here, not at the next screening.
    const hls = new Hls({ enableWorker: false });
    expect(
      Array.isArray((hls as unknown as { streamController: { initPTS: unknown } }).streamController.initPTS),
    ).toBe(true);
    hls.destroy();
  });
});
