import { spawnSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest, parseMediaPlaylist } from '~/server/media/packages';

/** The committed demo packages: what a fresh clone plays without ffmpeg. */
const root = path.resolve('media/demo');
const assets = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'package.json')));
/** Installed by .ci/run (Debian's ffmpeg package). */
const FFPROBE = '/usr/bin/ffprobe';
const FFMPEG = '/usr/bin/ffmpeg';

function decrypt(file: string, key: Buffer, iv: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(readFileSync(file)), decipher.final()]);
}

interface ProbedStream {
  codec_name: string;
  codec_type: string;
  tags?: { language?: string };
}

function probe(file: string): ProbedStream[] {
  const result = spawnSync(FFPROBE, ['-v', 'error', '-show_streams', '-of', 'json', file], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { streams: ProbedStream[] }).streams;
}

/** A package's segment in the clear, written to a temporary file for ffprobe. */
function clearSegment(dir: string, playlistDir: string, index: number): string {
  const key = readFileSync(path.join(dir, 'key.bin'));
  const text = readFileSync(path.join(dir, playlistDir, 'index.m3u8'), 'utf8');
  const iv = Buffer.from(/IV=0x([0-9a-f]{32})/.exec(text)![1]!, 'hex');
  const segment = parseMediaPlaylist(text).segments[index]!;
  const file = path.join(os.tmpdir(), `media-${playlistDir.replace(/\W/g, '-')}-${process.pid}.ts`);
  writeFileSync(file, decrypt(path.join(dir, playlistDir, segment.uri), key, iv));
  return file;
}

function size(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum +
      (entry.isDirectory() ? size(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
    0,
  );
}

describe('committed demo packages', () => {
  it('there are four, one of them 1080p, and all of media/ stays small', async () => {
    expect(assets.sort()).toEqual(['bars', 'dubbed', 'fractal', 'testcard']);
    const bars = await loadManifest(path.join(root, 'bars'));
    expect(bars.renditions.map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(size(path.resolve('media'))).toBeLessThan(20 * 1024 * 1024);
  });

  it.each(assets)('%s: playlists agree with the manifest, renditions are aligned', async (asset) => {
    const dir = path.join(root, asset);
    const manifest = await loadManifest(dir);
    expect(manifest.id).toBe(asset);
    expect(manifest.segmentSeconds).toBeGreaterThanOrEqual(2);
    expect(manifest.segmentSeconds).toBeLessThanOrEqual(4);
    expect(manifest.subtitles).toEqual(['fa', 'en']);
    expect(manifest.intro).toEqual({ start: 0, end: 8 });
    expect(manifest.credits).toBe(50);
    const durations = manifest.renditions.map((rendition) => {
      const playlist = parseMediaPlaylist(
        readFileSync(path.join(dir, `v${rendition.height}/index.m3u8`), 'utf8'),
      );
      expect(playlist.keyLine).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x[0-9a-f]{32}$/);
      expect(playlist.targetDuration).toBeLessThanOrEqual(4);
      return playlist.segments.map((segment) => segment.duration);
    });
    // Same cut points in every rendition: a quality switch never lands mid-GOP.
    for (const other of durations.slice(1)) expect(other).toEqual(durations[0]);
    const total = durations[0]!.reduce((sum, d) => sum + d, 0);
    expect(total).toBeCloseTo(manifest.duration, 2);
    const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    const bandwidths = [...master.matchAll(/INF:BANDWIDTH=(\d+),/g)].map((m) => Number(m[1]));
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
  });

  it.each(assets)('%s: segments decrypt with key.bin to H.264 + AAC transport streams', async (asset) => {
    const dir = path.join(root, asset);
    const key = readFileSync(path.join(dir, 'key.bin'));
    expect(key.length).toBe(16);
    const playlistText = readFileSync(path.join(dir, 'v360/index.m3u8'), 'utf8');
    const iv = Buffer.from(/IV=0x([0-9a-f]{32})/.exec(playlistText)![1]!, 'hex');
    const { segments } = parseMediaPlaylist(playlistText);
    for (const segment of [segments[0]!, segments[Math.floor(segments.length / 2)]!, segments.at(-1)!]) {
      const clear = decrypt(path.join(dir, 'v360', segment.uri), key, iv);
      expect(clear.length % 188).toBe(0);
      for (let at = 0; at < clear.length; at += 188) expect(clear[at]).toBe(0x47);
    }
    if (existsSync(FFPROBE)) {
      const file = path.join(os.tmpdir(), `media-${asset}-${process.pid}.ts`);
      writeFileSync(file, decrypt(path.join(dir, 'v360', segments[1]!.uri), key, iv));
      // A package with audio renditions carries its sound there, not in the picture's segments.
      const separateAudio = (await loadManifest(dir)).audio.length > 0;
      expect(
        probe(file)
          .map((s) => `${s.codec_type}:${s.codec_name}`)
          .sort(),
      ).toEqual(separateAudio ? ['video:h264'] : ['audio:aac', 'video:h264']);
    }
  });

  it('dubbed: two audio renditions, the English original (default) and the Persian dub', async () => {
    const dir = path.join(root, 'dubbed');
    const manifest = await loadManifest(dir);
    expect(manifest.audio.map(({ id, lang, kind, default: first }) => ({ id, lang, kind, first }))).toEqual([
      { id: 'en-original', lang: 'en', kind: 'original', first: true },
      { id: 'fa-dub', lang: 'fa', kind: 'dub', first: false },
    ]);
    const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    const media = master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO,'));
    expect(media).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="انگلیسی (اصلی) / English (original)",' +
        'DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en-original/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="fa",NAME="فارسی (دوبله) / Persian (dub)",' +
        'DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio/fa-dub/index.m3u8"',
    ]);
    // Every picture variant plays with the audio group, and its bandwidth counts the sound.
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(manifest.renditions.length);
    for (const [i, line] of variants.entries()) {
      expect(line).toContain('AUDIO="audio"');
      expect(Number(/BANDWIDTH=(\d+)/.exec(line)![1])).toBeGreaterThan(manifest.renditions[i]!.bandwidth);
    }
    for (const track of manifest.audio) {
      const playlist = parseMediaPlaylist(
        readFileSync(path.join(dir, `audio/${track.id}/index.m3u8`), 'utf8'),
      );
      // Encrypted with the package's one key, as the picture.
      expect(playlist.keyLine).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x[0-9a-f]{32}$/);
      const total = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
      expect(total).toBeGreaterThanOrEqual(manifest.duration - 0.1);
      expect(total).toBeLessThan(manifest.duration + 0.1);
    }
    if (existsSync(FFPROBE)) {
      const streams = manifest.audio.flatMap((track) => probe(clearSegment(dir, `audio/${track.id}`, 1)));
      expect(streams.map((s) => `${s.codec_type}:${s.codec_name}:${s.tags?.language}`)).toEqual([
        'audio:aac:eng',
        'audio:aac:fas',
      ]);
      // Both speak in their first seconds (espeak-ng's voices, not silence).
      for (const track of manifest.audio) {
        const volume = spawnSync(
          FFMPEG,
          [
            '-hide_banner',
            '-nostats',
            '-i',
            clearSegment(dir, `audio/${track.id}`, 0),
            '-af',
            'volumedetect',
            '-f',
            'null',
            '-',
          ],
          { encoding: 'utf8' },
        );
        expect(Number(/max_volume: (-?[\d.]+) dB/.exec(volume.stderr)?.[1]), track.id).toBeGreaterThan(-20);
      }
    }
  });

  it.each(assets)('%s: clear trailer, subtitles with a timestamp map, thumbnail sprite', async (asset) => {
    const dir = path.join(root, asset);
    const manifest = await loadManifest(dir);
    expect(manifest.trailer?.renditions.length).toBeGreaterThanOrEqual(1);
    const trailer = parseMediaPlaylist(readFileSync(path.join(dir, 'trailer/v360/index.m3u8'), 'utf8'));
    expect(trailer.keyLine).toBeNull();
    expect(readFileSync(path.join(dir, 'trailer/v360', trailer.segments[0]!.uri))[0]).toBe(0x47);
    for (const lang of ['fa', 'en']) {
      expect(readFileSync(path.join(dir, `subs/${lang}.vtt`), 'utf8')).toMatch(
        /^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000\n/,
      );
    }
    const thumbs = readFileSync(path.join(dir, 'thumbs/thumbs.vtt'), 'utf8');
    expect(thumbs.match(/#xywh=\d+,\d+,160,90$/gm)?.length).toBe(Math.floor(manifest.duration / 2));
    expect(readFileSync(path.join(dir, 'thumbs/sprite.jpg')).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
  });
});
