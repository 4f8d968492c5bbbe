import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManifest } from '~/server/media/packages';

const FFMPEG = '/usr/bin/ffmpeg';
const SCRIPT = path.resolve('scripts/package-hls.mjs');

/**
 * scripts/package-hls.mjs with audio tracks (issue 29, decision record 0044) on a 4-second clip without
 * sound of its own: the given tracks are the only renditions (the first the default), an audio
 * description says what it is, the picture carries no sound, and a track given twice or of an unknown
 * kind is refused before anything is encoded.
 */
describe('packaging audio tracks', () => {
  let work: string;
  let silent: string;
  const wav = (name: string, frequency: number) => {
    const file = path.join(work, name);
    execFileSync(FFMPEG, [
      ...['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=5`],
      file,
    ]);
    return file;
  };
  const packageHls = (out: string, ...args: string[]) =>
    spawnSync(process.execPath, [SCRIPT, silent, out, '--id', 'audio-test', ...args], { encoding: 'utf8' });

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'package-audio-'));
    silent = path.join(work, 'silent.mp4');
    execFileSync(FFMPEG, [
      ...['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-threads', '1'],
      silent,
    ]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a silent video with an English track and its audio description', async () => {
    const out = path.join(work, 'described');
    const result = packageHls(
      out,
      ...['--audio', `en:original:${wav('en.wav', 440)}`],
      ...['--audio', `en:description:${wav('ad.wav', 880)}`],
    );
    expect(result.status, result.stderr).toBe(0);
    const manifest = await loadManifest(out);
    expect(manifest.audio.map(({ id, default: first }) => [id, first])).toEqual([
      ['en-original', true],
      ['en-description', false],
    ]);
    const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
    const media = master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    expect(media[0]).toContain('NAME="انگلیسی (اصلی) / English (original)",DEFAULT=YES');
    expect(media[0]).not.toContain('CHARACTERISTICS');
    expect(media[1]).toContain(
      'NAME="انگلیسی (توصیف صوتی) / English (audio description)",DEFAULT=NO,AUTOSELECT=YES,' +
        'CHARACTERISTICS="public.accessibility.describes-video"',
    );
    expect(master.match(/AUDIO="audio"/g)).toHaveLength(1);
    // The five seconds of sound are cut to the picture's four.
    const playlist = readFileSync(path.join(out, 'audio/en-description/index.m3u8'), 'utf8');
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(seconds).toBeGreaterThan(3.9);
    expect(seconds).toBeLessThan(4.1);
    expect(readdirSync(path.join(out, 'audio')).sort()).toEqual(['en-description', 'en-original']);
  }, 60_000);

  it('refuses a track twice, an unknown kind or language, before encoding anything', () => {
    const en = wav('en2.wav', 440);
    for (const [args, message] of [
      [['--audio', `en:dub:${en}`, '--audio', `en:dub:${en}`], 'two audio tracks are both "en-dub"'],
      [['--audio', `en:remix:${en}`], 'audio kind "remix"'],
      [['--audio', `english:dub:${en}`], 'audio language "english"'],
      [['--audio', `en:dub`], '--audio takes language:kind:file'],
    ] as const) {
      const out = path.join(work, `refused-${args.length}-${message.length}`);
      const result = packageHls(out, ...args);
      expect(result.status, message).toBe(1);
      expect(result.stderr).toContain(message);
      expect(existsSync(path.join(out, 'v360'))).toBe(false);
    }
  });
});
