#!/usr/bin/env node
/**
 * Packages a video into encrypted HLS with Debian's ffmpeg (see docs/decisions/0010-media-delivery.md).
 *
 *   node scripts/package-hls.mjs <source-video> <out-dir> [--id ID] [--subs-fa f.vtt] [--subs-en f.vtt]
 *        [--key-file k] [--intro 0-8] [--credits 50] [--trailer-start 0] [--trailer-seconds 20]
 *        [--audio-lang en] [--audio fa:dub:file.wav ...]   (more audio tracks: language:kind:file)
 *        [--progress]   (writes "progress <percent>" lines to stderr as each encoding step ends)
 *   node scripts/package-hls.mjs --demo     (re-creates media/demo/* from clips ffmpeg synthesises)
 *
 * Output: master.m3u8, v360/ v720/ v1080/ (AES-128, MPEG-TS, 2 s segments), trailer/ (clear),
 * (segments are named .mpegts, not .ts: TypeScript tooling would take .ts files for source code),
 * subs/{fa,en}.{vtt,m3u8}, thumbs/sprite.jpg + thumbs.vtt, key.bin (never served as a file) and
 * package.json (the manifest the server reads).
 *
 * With --audio, the package has several audio tracks (issue 29, docs/decisions/0044-audio-tracks.md):
 * the video rungs carry no sound, and each track is an HLS audio rendition of its own,
 * audio/<lang>-<kind>/ (AES-128 with the same key, 2 s segments): the source's own sound first, as the
 * original in --audio-lang (default "und"), then the --audio files in the order given. Kinds: original,
 * dub, description. Without --audio the sound stays inside the video segments, as always.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE ?? '/usr/bin/ffprobe';
const SEGMENT_SECONDS = 2;
const FPS = 25;

/**
 * The ladder. Bitrates are ceilings (capped CRF): synthetic demo clips need far less, and real titles
 * get a sensible cap. `level` goes into CODECS so players can decide before downloading.
 */
const LADDER = [
  { name: '360p', height: 360, maxrate: 400, audio: 64, level: '3.0', codec: 'avc1.4d401e' },
  { name: '720p', height: 720, maxrate: 1400, audio: 96, level: '3.1', codec: 'avc1.4d401f' },
  { name: '1080p', height: 1080, maxrate: 3000, audio: 128, level: '4.0', codec: 'avc1.4d4028' },
];
/** Demo packages are committed: much lower ceilings keep all of media/ around 20 MB. */
const DEMO_RATES = { '360p': 110, '720p': 220, '1080p': 380 };
const DEMO_AUDIO = 32;
/** One bitrate for separate audio renditions (they are shared by every rung). */
const TRACK_AUDIO = 96;

/** src/shared/catalog-constants.ts `audioKinds` (the server reads a manifest with another kind as broken). */
const AUDIO_KINDS = ['original', 'dub', 'description'];
const LANGUAGE_CODE = /^[a-z]{2,3}$/;
/**
 * ISO 639-2 codes of the languages titles here are made in, for the language descriptor MPEG-TS
 * carries (three letters; ffmpeg drops a two-letter one). Others are packaged without it: the
 * master playlist's LANGUAGE is what players read.
 */
const ISO_639_2 = {
  fa: 'fas',
  en: 'eng',
  ar: 'ara',
  tr: 'tur',
  fr: 'fra',
  de: 'deu',
  es: 'spa',
  it: 'ita',
  ru: 'rus',
  ko: 'kor',
  ja: 'jpn',
  zh: 'zho',
  hi: 'hin',
  ku: 'kur',
  az: 'aze',
  ur: 'urd',
  pt: 'por',
};

function run(command, args) {
  // Shared machine: lowest CPU priority, and every encoder is single-threaded (see -threads below).
  const result = spawnSync('nice', ['-n', '15', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} failed (${result.status}):\n${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

function ffmpeg(args) {
  return run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

function probe(file) {
  const info = JSON.parse(
    run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]),
  );
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video) throw new Error(`${file}: no video stream`);
  return {
    width: video.width,
    height: video.height,
    duration: Number(info.format.duration),
    hasAudio: info.streams.some((s) => s.codec_type === 'audio'),
  };
}

const even = (n) => Math.max(2, Math.round(n / 2) * 2);

/** The IV is derived from the key (not secret, but stable: re-packaging with the same key is byte-stable). */
function ivFor(key) {
  return createHash('sha256').update(key).update('hls-iv').digest().subarray(0, 16);
}

/** Reads a media playlist back: segment names and durations (for the manifest and bandwidths). */
function readPlaylist(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const segments = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^#EXTINF:([\d.]+),/.exec(lines[i]);
    if (match) segments.push({ duration: Number(match[1]), uri: lines[i + 1].trim() });
  }
  return segments;
}

/**
 * ffmpeg declares EXT-X-VERSION:6 for any playlist with independent segments, though MPEG-TS segments
 * with an IV and fractional durations need only 3. Players and validators take the declared version as
 * the features in use, so the playlist says the lowest that fits (RFC 8216 §7).
 */
function declareLowestVersion(file) {
  const text = readFileSync(file, 'utf8');
  let version = 1;
  const need = (v) => (version = Math.max(version, v));
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-KEY:') && /[:,]IV=/.test(line)) need(2);
    if (line.startsWith('#EXT-X-KEY:') && /[:,]KEYFORMAT/.test(line)) need(5);
    if (line.startsWith('#EXTINF:') && !/^#EXTINF:\d+,/.test(line)) need(3);
    if (line.startsWith('#EXT-X-BYTERANGE:')) need(4);
    if (line.startsWith('#EXT-X-MAP:')) need(6);
  }
  writeFileSync(file, text.replace(/^#EXT-X-VERSION:\d+$/m, `#EXT-X-VERSION:${version}`));
}

/** Encodes one rung into `<dir>/index.m3u8` + `seg%05d.ts`; keyframes every 2 s in every rung. */
function encodeRung(source, info, rung, dir, { keyInfo, maxrate, audio, start, seconds }) {
  mkdirSync(dir, { recursive: true });
  const width = even((rung.height * info.width) / info.height);
  const gop = FPS * SEGMENT_SECONDS;
  const input = [];
  if (start) input.push('-ss', String(start));
  if (seconds) input.push('-t', String(seconds));
  input.push('-threads', '1', '-i', source);
  // No audio bitrate: a rung of a package whose sound lives in audio renditions, so none here.
  const silence = info.hasAudio || !audio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'];
  const sound = !audio
    ? ['-an']
    : ['-map', info.hasAudio ? '0:a:0' : '1:a:0', ...(info.hasAudio ? [] : ['-shortest'])];
  ffmpeg([
    ...input,
    ...silence,
    '-map',
    '0:v:0',
    ...sound,
    '-vf',
    `scale=${width}:${rung.height}:flags=bicubic,format=yuv420p`,
    '-r',
    String(FPS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-level:v',
    rung.level,
    '-crf',
    '27',
    '-maxrate',
    `${maxrate}k`,
    '-bufsize',
    `${maxrate}k`,
    // Closed GOPs of exactly one segment, no scene-cut keyframes: segment boundaries line up across
    // rungs, so a quality switch lands on a keyframe.
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-flags',
    '+cgop',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-threads',
    '1',
    ...(audio ? aacArgs(audio) : []),
    ...hlsArgs(dir, keyInfo),
  ]);
  return { name: rung.name, width, height: rung.height, codec: rung.codec, ...measure(dir) };
}

const aacArgs = (kbps) => ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', '2', '-ar', '48000'];

function hlsArgs(dir, keyInfo) {
  mkdirSync(dir, { recursive: true });
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    ...(keyInfo ? ['-hls_key_info_file', keyInfo] : []),
    '-hls_segment_filename',
    path.join(dir, 'seg%05d.mpegts'),
    path.join(dir, 'index.m3u8'),
  ];
}

/** Peak and average bitrate of a packaged media playlist, and its duration. */
function measure(dir) {
  declareLowestVersion(path.join(dir, 'index.m3u8'));
  const segments = readPlaylist(path.join(dir, 'index.m3u8'));
  let peak = 0;
  let bytes = 0;
  for (const segment of segments) {
    const size = statSync(path.join(dir, segment.uri)).size;
    bytes += size;
    // The last segment is often a fraction of a second; its rate says nothing about the stream.
    if (segment.duration >= 1) peak = Math.max(peak, (size * 8) / segment.duration);
  }
  const duration = segments.reduce((sum, s) => sum + s.duration, 0);
  return { bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil((bytes * 8) / duration), duration };
}

/**
 * One audio track as an encrypted audio-only rendition, `seconds` long: a shorter file is padded with
 * silence and a longer one cut, so every track spans the video and a switch never runs out of sound.
 */
function encodeAudioTrack(track, dir, { keyInfo, kbps, seconds }) {
  ffmpeg([
    '-threads',
    '1',
    '-i',
    track.file,
    '-map',
    '0:a:0',
    ...(ISO_639_2[track.lang] || track.lang.length === 3
      ? ['-metadata:s:a:0', `language=${ISO_639_2[track.lang] ?? track.lang}`]
      : []),
    '-af',
    'apad',
    '-t',
    seconds.toFixed(3),
    '-threads',
    '1',
    ...aacArgs(kbps),
    ...hlsArgs(dir, keyInfo),
  ]);
  return measure(dir);
}

/** The track's name in both languages, Persian first (Intl knows every language's name in both). */
function audioName(track) {
  const kinds = {
    original: ['اصلی', 'original'],
    dub: ['دوبله', 'dub'],
    description: ['توصیف صوتی', 'audio description'],
  };
  const [fa, en] = ['fa', 'en'].map((locale, i) => {
    const language = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(track.lang);
    return `${language} (${kinds[track.kind][i]})`;
  });
  return `${fa} / ${en}`;
}

/** Checks the --audio tracks and gives each its rendition id (its directory under audio/). */
function audioTracks(info, options) {
  const extra = options.audio ?? [];
  if (extra.length === 0) return [];
  const tracks = [
    ...(info.hasAudio ? [{ lang: options.audioLang ?? 'und', kind: 'original', file: null }] : []),
    ...extra,
  ].map((track) => ({ ...track, id: `${track.lang}-${track.kind}` }));
  for (const track of tracks) {
    if (!LANGUAGE_CODE.test(track.lang) && track.lang !== 'und') {
      throw new Error(`audio language "${track.lang}" must be an ISO 639 code such as fa or en`);
    }
    if (!AUDIO_KINDS.includes(track.kind)) {
      throw new Error(`audio kind "${track.kind}" must be one of ${AUDIO_KINDS.join(', ')}`);
    }
    if (track.file && !probeAudio(track.file)) throw new Error(`${track.file}: no audio stream`);
  }
  const ids = tracks.map((t) => t.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`two audio tracks are both "${twice}"`);
  return tracks;
}

function probeAudio(file) {
  const info = JSON.parse(run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', file]));
  return info.streams.some((s) => s.codec_type === 'audio');
}

function streamInf(rendition, dir, subtitles, audio) {
  // A rung without sound is played with an audio rendition: its bandwidth counts the largest one.
  const audioPeak = Math.max(0, ...audio.map((track) => track.bandwidth));
  const audioAverage = Math.max(0, ...audio.map((track) => track.averageBandwidth));
  const attributes = [
    `BANDWIDTH=${rendition.bandwidth + audioPeak}`,
    `AVERAGE-BANDWIDTH=${rendition.averageBandwidth + audioAverage}`,
    `RESOLUTION=${rendition.width}x${rendition.height}`,
    `CODECS="${rendition.codec},mp4a.40.2"`,
    `FRAME-RATE=${FPS}.000`,
  ];
  if (audio.length > 0) attributes.push('AUDIO="audio"');
  if (subtitles) attributes.push('SUBTITLES="subs"');
  return `#EXT-X-STREAM-INF:${attributes.join(',')}\n${dir}/index.m3u8\n`;
}

/**
 * The audio renditions: the first track is the DEFAULT (the original, when the source has sound);
 * every track may be chosen automatically by language, and a description says what it is
 * (CHARACTERISTICS, RFC 8216bis), so a player looking for one finds it.
 */
function audioMedia(audio) {
  return audio
    .map((track, i) => {
      const attributes = [
        'TYPE=AUDIO',
        'GROUP-ID="audio"',
        `LANGUAGE="${track.lang}"`,
        `NAME="${track.name}"`,
        `DEFAULT=${i === 0 ? 'YES' : 'NO'}`,
        'AUTOSELECT=YES',
        ...(track.kind === 'description' ? ['CHARACTERISTICS="public.accessibility.describes-video"'] : []),
        'CHANNELS="2"',
        `URI="audio/${track.id}/index.m3u8"`,
      ];
      return `#EXT-X-MEDIA:${attributes.join(',')}\n`;
    })
    .join('');
}

/** Lowest bandwidth first: hls.js starts on the first listed variant, so playback starts small. */
function masterPlaylist(renditions, subtitleLangs, audio = []) {
  let text = '#EXTM3U\n#EXT-X-VERSION:4\n#EXT-X-INDEPENDENT-SEGMENTS\n';
  text += audioMedia(audio);
  const names = { fa: 'فارسی', en: 'English' };
  for (const lang of subtitleLangs) {
    text +=
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${names[lang]}",LANGUAGE="${lang}",` +
      `DEFAULT=NO,AUTOSELECT=YES,URI="subs/${lang}.m3u8"\n`;
  }
  for (const rendition of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    text += streamInf(rendition, `v${rendition.height}`, subtitleLangs.length > 0, audio);
  }
  return text;
}

/**
 * Subtitles: the WebVTT file gets an X-TIMESTAMP-MAP tying cue time 0 to the first video PTS (MPEG-TS
 * starts at 1.4 s), and a one-segment media playlist so the master can list it.
 */
function writeSubtitles(outDir, lang, vttFile, duration, firstPts) {
  const dir = path.join(outDir, 'subs');
  mkdirSync(dir, { recursive: true });
  // A file that was packaged before carries an older map: drop it with the header line.
  const body = readFileSync(vttFile, 'utf8')
    .replace(/^\uFEFF?WEBVTT[^\n]*\n/, '')
    .replace(/^X-TIMESTAMP-MAP=[^\n]*\n/, '');
  writeFileSync(
    path.join(dir, `${lang}.vtt`),
    `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${firstPts},LOCAL:00:00:00.000\n${body}`,
  );
  writeFileSync(
    path.join(dir, `${lang}.m3u8`),
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${Math.ceil(duration)}\n#EXT-X-PLAYLIST-TYPE:VOD\n` +
      `#EXTINF:${duration.toFixed(3)},\n${lang}.vtt\n#EXT-X-ENDLIST\n`,
  );
}

function vttTime(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** One sprite of 160 px wide frames, and a WebVTT track pointing into it with #xywh fragments. */
function writeThumbnails(source, info, outDir) {
  const dir = path.join(outDir, 'thumbs');
  mkdirSync(dir, { recursive: true });
  // At most ~120 frames, never closer than 2 s: a small sprite that still previews every seek.
  const interval = Math.max(2, Math.ceil(info.duration / 120));
  const count = Math.max(1, Math.floor(info.duration / interval));
  const columns = Math.min(10, count);
  const rows = Math.ceil(count / columns);
  const width = 160;
  const height = even((width * info.height) / info.width);
  ffmpeg([
    '-threads',
    '1',
    '-i',
    source,
    '-vf',
    `fps=1/${interval}:round=down,scale=${width}:${height},tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '6',
    '-threads',
    '1',
    path.join(dir, 'sprite.jpg'),
  ]);
  let vtt = 'WEBVTT\n';
  for (let i = 0; i < count; i++) {
    const x = (i % columns) * width;
    const y = Math.floor(i / columns) * height;
    const end = Math.min(info.duration, (i + 1) * interval);
    vtt += `\n${vttTime(i * interval)} --> ${vttTime(end)}\nsprite.jpg#xywh=${x},${y},${width},${height}\n`;
  }
  writeFileSync(path.join(dir, 'thumbs.vtt'), vtt);
}

/** The PTS of the first video frame of a clear or encrypted first segment (90 kHz). */
function firstPts(dir, key) {
  const segment = readPlaylist(path.join(dir, 'index.m3u8'))[0];
  let file = path.join(dir, segment.uri);
  if (key) {
    const clear = path.join(mkdtempSync(path.join(os.tmpdir(), 'hls-')), 'first.ts');
    run('openssl', [
      'aes-128-cbc',
      '-d',
      '-K',
      key.toString('hex'),
      '-iv',
      ivFor(key).toString('hex'),
      '-in',
      file,
      '-out',
      clear,
    ]);
    file = clear;
  }
  const out = run(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=start_pts',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(out.trim().split('\n')[0]);
}

export function packageHls(source, outDir, options = {}) {
  const info = probe(source);
  const id = options.id ?? path.basename(outDir);
  if (!/^[a-z0-9-]{1,40}$/.test(id)) throw new Error(`asset id "${id}" must match [a-z0-9-]{1,40}`);
  // Keep the existing key when re-packaging into the same place: links and tests stay valid.
  const keyFile = options.keyFile ?? path.join(outDir, 'key.bin');
  const key = existsSync(keyFile) ? readFileSync(keyFile) : randomBytes(16);
  if (key.length !== 16) throw new Error(`${keyFile}: an AES-128 key is 16 bytes`);
  const tracks = audioTracks(info, options);
  for (const entry of ['v360', 'v720', 'v1080', 'audio', 'trailer', 'subs', 'thumbs']) {
    rmSync(path.join(outDir, entry), { recursive: true, force: true });
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'key.bin'), key);
  const work = mkdtempSync(path.join(os.tmpdir(), 'hls-key-'));
  const keyInfo = path.join(work, 'key.info');
  // Key info: the URI written into playlists (a placeholder the server rewrites to a signed key
  // URL), the key file, and a fixed IV so that the live playlists' looping sequence numbers do not
  // change the IV a segment was encrypted with.
  writeFileSync(keyInfo, `key\n${path.resolve(outDir, 'key.bin')}\n${ivFor(key).toString('hex')}\n`);

  const rungs = LADDER.filter((rung) => rung.height === 360 || rung.height <= info.height);
  const rateOf = (rung) => (options.demo ? DEMO_RATES[rung.name] : rung.maxrate);
  const audio = (rung) => (options.demo ? DEMO_AUDIO : rung.audio);
  // Progress in encoding steps (every rung, every trailer rung, the thumbnails): each takes a while.
  const steps = rungs.length + Math.min(rungs.length, 2) + 1 + (tracks.length > 0 ? 1 : 0);
  let done = 0;
  const stepDone = () => options.onProgress?.(Math.round((++done / steps) * 100));
  const renditions = rungs.map((rung) => {
    const rendition = encodeRung(source, info, rung, path.join(outDir, `v${rung.height}`), {
      keyInfo,
      maxrate: rateOf(rung),
      // Separate audio renditions: the rungs carry the picture only.
      audio: tracks.length > 0 ? null : audio(rung),
    });
    stepDone();
    return rendition;
  });
  const duration = Math.round(renditions[0].duration * 1000) / 1000;

  const audioRenditions = tracks.map((track) => ({
    ...track,
    name: audioName(track),
    ...encodeAudioTrack(
      track.file ? track : { ...track, file: source },
      path.join(outDir, 'audio', track.id),
      { keyInfo, kbps: options.demo ? DEMO_AUDIO : TRACK_AUDIO, seconds: duration },
    ),
  }));
  if (tracks.length > 0) stepDone();

  const trailerSeconds = Math.min(options.trailerSeconds ?? 20, info.duration - (options.trailerStart ?? 0));
  const trailer = rungs.slice(0, 2).map((rung) => {
    const rendition = encodeRung(source, info, rung, path.join(outDir, 'trailer', `v${rung.height}`), {
      maxrate: rateOf(rung),
      audio: audio(rung),
      start: options.trailerStart ?? 0,
      seconds: trailerSeconds,
    });
    stepDone();
    return rendition;
  });
  writeFileSync(path.join(outDir, 'trailer', 'master.m3u8'), masterPlaylist(trailer, []));

  const subtitles = [];
  const pts = firstPts(path.join(outDir, 'v360'), key);
  for (const lang of ['fa', 'en']) {
    const file = options.subs?.[lang];
    if (!file) continue;
    writeSubtitles(outDir, lang, file, duration, pts);
    subtitles.push(lang);
  }
  writeFileSync(path.join(outDir, 'master.m3u8'), masterPlaylist(renditions, subtitles, audioRenditions));
  writeThumbnails(source, info, outDir);
  stepDone();

  const manifest = {
    id,
    duration,
    renditions: renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
    segmentSeconds: SEGMENT_SECONDS,
    subtitles,
    audio: audioRenditions.map(({ id, lang, kind, name }, i) => ({ id, lang, kind, name, default: i === 0 })),
    intro: options.intro ?? null,
    credits: options.credits ?? null,
    trailer: {
      duration: Math.round(trailer[0].duration * 1000) / 1000,
      renditions: trailer.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
    },
    encryption: 'AES-128',
  };
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  return manifest;
}

// ---- demo clips ---------------------------------------------------------------------------------

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** Three looks a viewer tells apart at a glance; each with its own tone and a running clock. */
const DEMO_CLIPS = [
  {
    id: 'bars',
    title: 'Demo 1 · HD bars',
    video: 'smptehdbars=s=1920x1080:r=25',
    tone: 'sine=f=440:sample_rate=48000',
  },
  {
    id: 'testcard',
    title: 'Demo 2 · Test card',
    video: 'testsrc2=s=1280x720:r=25',
    tone: 'sine=f=660:beep_factor=4:sample_rate=48000',
  },
  {
    id: 'fractal',
    title: 'Demo 3 · Fractal',
    // Rendered small and scaled up: the fractal is expensive, and the look survives the upscale.
    video: 'mandelbrot=s=640x360:r=25:maxiter=200:end_pts=60:end_scale=0.02,scale=1280:720',
    tone: 'sine=f=330:sample_rate=48000',
  },
  {
    id: 'dubbed',
    title: 'Demo 4 · Two voices',
    // Slow gradients: a calm picture that costs little to commit.
    video: 'gradients=s=1280x720:r=25:speed=0.004:seed=1404',
    // Two audio tracks spoken by Debian's espeak-ng: the English original and a Persian dub.
    voices: {
      en: { voice: 'en', lines: ['Welcome to the demo screening.', 'You are hearing the English original.'] },
      fa: { voice: 'fa', lines: ['به نمایش آزمایشی خوش آمدید.', 'این صدای دوبلهٔ فارسی است.'] },
    },
  },
];
const ESPEAK = process.env.ESPEAK ?? '/usr/bin/espeak-ng';
const DEMO_SECONDS = 60;

const DEMO_SUBS = {
  fa: [
    [1, 4, 'به نمایش آزمایشی خوش آمدید.'],
    [5, 8, 'این ویدیو را ffmpeg ساخته است؛ هیچ فایلی دانلود نشده.'],
    [9, 13, 'ساعت گوشهٔ تصویر زمان پخش را نشان می‌دهد.'],
    [14, 18, 'کیفیت را از منو عوض کنید؛ تصویر نباید بپرد.'],
    [19, 23, '«زیرنویس فارسی» راست‌به‌چپ نمایش داده می‌شود، درست است؟'],
    [24, 28, 'با کلیدهای جهت‌دار ده ثانیه جلو یا عقب بروید.'],
    [29, 33, 'روی نوار زمان نگه دارید تا پیش‌نمایش را ببینید.'],
    [34, 38, 'این بخش‌ها رمزگذاری شده‌اند؛ کلید فقط به بینندهٔ مجاز داده می‌شود.'],
    [39, 44, 'اگر مشکلی دیدید، از گزینهٔ «گزارش مشکل» استفاده کنید.'],
    [45, 49, 'تا چند ثانیهٔ دیگر تیتراژ پایانی آغاز می‌شود.'],
    [51, 57, 'از تماشای شما سپاسگزاریم!'],
  ],
  en: [
    [1, 4, 'Welcome to the demo screening.'],
    [5, 8, 'ffmpeg made this video; nothing was downloaded.'],
    [9, 13, 'The clock in the picture shows the playback time.'],
    [14, 18, 'Change the quality from the menu; the picture should not jump.'],
    [19, 23, 'Persian subtitles read right to left, don’t they?'],
    [24, 28, 'Use the arrow keys to skip ten seconds back or forward.'],
    [29, 33, 'Hover over the timeline to see a preview.'],
    [34, 38, 'These segments are encrypted; only an entitled viewer gets the key.'],
    [39, 44, 'If something looks wrong, use “Report a problem”.'],
    [45, 49, 'The end credits start in a few seconds.'],
    [51, 57, 'Thank you for watching!'],
  ],
};

/**
 * A spoken track for a demo clip: each line at 1 s, 20 s and 40 s, silence between (the packager pads
 * the rest). Spoken by espeak-ng into WAV files on this machine; nothing is downloaded.
 */
function demoVoice(clip, lang, dir) {
  const { voice, lines } = clip.voices[lang];
  const parts = lines.map((line, i) => {
    const file = path.join(dir, `${clip.id}-${lang}-${i}.wav`);
    run(ESPEAK, ['-v', voice, '-s', '150', '-w', file, line]);
    return file;
  });
  const file = path.join(dir, `${clip.id}-${lang}.wav`);
  const starts = [1, 20, 40];
  const inputs = starts.flatMap((_, i) => ['-i', parts[i % parts.length]]);
  const delayed = starts.map((start, i) => `[${i}:a]adelay=${start * 1000}:all=1[a${i}]`).join(';');
  const mix = `${starts.map((_, i) => `[a${i}]`).join('')}amix=inputs=${starts.length}:normalize=0,apad`;
  ffmpeg([
    ...inputs,
    '-filter_complex',
    `${delayed};${mix}`,
    '-t',
    String(DEMO_SECONDS),
    '-ar',
    '48000',
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return file;
}

function demoSource(clip, dir) {
  const file = path.join(dir, `${clip.id}.mkv`);
  const text = (value) => value.replace(/[:\\']/g, '\\$&');
  const overlays = existsSync(FONT)
    ? `,drawtext=fontfile=${FONT}:text='${text(clip.title)}':fontcolor=white:fontsize=h/14:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-tw)/2:y=h/10` +
      `,drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontcolor=yellow:fontsize=h/9:box=1:boxcolor=black@0.7:boxborderw=16:x=(w-tw)/2:y=h-th-h/8`
    : '';
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `${clip.video}${overlays}`,
    ...(clip.voices ? ['-i', demoVoice(clip, 'en', dir)] : ['-f', 'lavfi', '-i', clip.tone]),
    '-t',
    String(DEMO_SECONDS),
    '-threads',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '12',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'pcm_s16le',
    '-ac',
    '2',
    file,
  ]);
  return file;
}

function demoSubs(dir, lang) {
  const file = path.join(dir, `${lang}.vtt`);
  const cues = DEMO_SUBS[lang].map(([from, to, line]) => `${vttTime(from)} --> ${vttTime(to)}\n${line}\n`);
  writeFileSync(file, `WEBVTT\n\n${cues.join('\n')}`);
  return file;
}

function packageDemo(root) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'media-demo-'));
  const subs = { fa: demoSubs(work, 'fa'), en: demoSubs(work, 'en') };
  const only = process.argv.slice(3);
  for (const clip of DEMO_CLIPS.filter((c) => only.length === 0 || only.includes(c.id))) {
    console.log(`==> ${clip.id}: synthesising ${DEMO_SECONDS} s`);
    const source = demoSource(clip, work);
    console.log(`==> ${clip.id}: packaging`);
    const manifest = packageHls(source, path.join(root, clip.id), {
      id: clip.id,
      subs,
      demo: true,
      intro: { start: 0, end: 8 },
      credits: 50,
      trailerSeconds: 12,
      ...(clip.voices && {
        audioLang: 'en',
        audio: [{ lang: 'fa', kind: 'dub', file: demoVoice(clip, 'fa', work) }],
      }),
    });
    console.log(
      `    ${manifest.renditions.map((r) => `${r.name} ${Math.round(r.bandwidth / 1000)} kb/s`).join(', ')}`,
    );
  }
  rmSync(work, { recursive: true, force: true });
  const total = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory() ? total(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
      0,
    );
  console.log(`media/demo: ${(total(root) / 1e6).toFixed(1)} MB`);
}

function parseArgs(argv) {
  const positional = [];
  const options = { subs: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--id') options.id = value();
    else if (arg === '--subs-fa') options.subs.fa = value();
    else if (arg === '--subs-en') options.subs.en = value();
    else if (arg === '--key-file') options.keyFile = value();
    else if (arg === '--credits') options.credits = Number(value());
    else if (arg === '--trailer-start') options.trailerStart = Number(value());
    else if (arg === '--trailer-seconds') options.trailerSeconds = Number(value());
    else if (arg === '--audio-lang') options.audioLang = value();
    else if (arg === '--audio') {
      const [lang, kind, ...file] = value().split(':');
      if (!lang || !kind || file.length === 0) throw new Error('--audio takes language:kind:file');
      (options.audio ??= []).push({ lang, kind, file: file.join(':') });
    } else if (arg === '--progress')
      options.onProgress = (percent) => process.stderr.write(`progress ${percent}\n`);
    else if (arg === '--intro') {
      const [start, end] = value().split('-').map(Number);
      options.intro = { start, end };
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, options };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv[2] === '--demo') {
      packageDemo(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'media', 'demo'));
    } else {
      const { positional, options } = parseArgs(process.argv.slice(2));
      if (positional.length !== 2) {
        console.error(
          'usage: node scripts/package-hls.mjs <source-video> <out-dir> [options] | --demo [ids]',
        );
        process.exit(2);
      }
      console.log(JSON.stringify(packageHls(positional[0], positional[1], options), null, 2));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
