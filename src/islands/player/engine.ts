import type Hls from 'hls.js';
import type { InitPTSFoundData, LevelDetails, PlaylistLevelType } from 'hls.js';
import { DESCRIBES_VIDEO } from '~/lib/player/audio';
import { passStartOf, passTimestampOffset, type LoopPass } from '~/lib/player/sync';
import { LOOP_PASS_CLASS } from '~/shared/live';

/**
 * What plays the stream: hls.js over Media Source Extensions, or the browser's own HLS where that is
 * the better choice (Safari, iOS without MSE). hls.js is imported only here and only on demand, so no
 * other page and no first paint pays for it; the light build is enough because subtitles and seek
 * thumbnails are read by the player itself (src/lib/player/vtt.ts) and no DRM is used (AES-128 is in
 * the light build). Only a package with separate audio tracks (a dub, an audio description) needs the
 * full build, whose alternate-audio support the light one leaves out (decision record 0045).
 */
export interface Quality {
  /** hls.js level index. */
  index: number;
  height: number;
  bitrate: number;
}

export interface Engine {
  /** Empty with native playback: the browser picks the quality itself. */
  qualities: Quality[];
  /** -1 for automatic. */
  setQuality(index: number): void;
  /** The level playing now (for the "Automatic (720p)" label), or -1 when unknown. */
  playingQuality(): number;
  /** How many audio tracks the stream has, in playlist order; 0 when the sound is in the video. */
  audioTrackCount(): number;
  /** The audio track playing (its playlist index), or -1 when unknown. */
  audioTrack(): number;
  /** Switches the audio at the position playing; the picture goes on. */
  setAudioTrack(index: number): void;
  /** Wall-clock time (ms) of the frame on screen, from EXT-X-PROGRAM-DATE-TIME (live screenings). */
  programTime(): number | null;
  destroy(): void;
}

export interface AttachOptions {
  /** Resume position in seconds; -1 for the live edge. */
  startPosition: number;
  /** The stream has separate audio renditions (the full hls.js build plays them). */
  alternateAudio: boolean;
  /**
   * The audio track to start with (the profile's preference): its playlist index, language and whether
   * it is an audio description; null: the playlist's default.
   */
  audio: { index: number; lang: string; description: boolean } | null;
  onFatal(kind: 'network' | 'media' | 'other', status: number | null): void;
  /** The qualities or audio tracks, or the one playing, changed. */
  onTracks(): void;
}

let hlsLight: Promise<typeof Hls> | null = null;
let hlsFull: Promise<typeof Hls> | null = null;

/**
 * Starts (once) the download of hls.js on the first sign of intent: the light build for most titles,
 * the full one for a title with several audio tracks (its catalogue entry says so, and the play call
 * confirms it).
 */
export function loadHls(alternateAudio = false): Promise<typeof Hls> {
  if (alternateAudio) {
    hlsFull ??= import('hls.js').then((module) => module.default);
    return hlsFull;
  }
  hlsLight ??= import('hls.js/light').then((module) => module.default);
  return hlsLight;
}

/** The browser's own audio tracks (Safari); not in every DOM typing, nor in Chromium without a flag. */
interface NativeAudioTrack {
  language: string;
  enabled: boolean;
}
type NativeAudioTracks = ArrayLike<NativeAudioTrack> & EventTarget;
const nativeAudioTracks = (video: HTMLVideoElement) =>
  (video as HTMLVideoElement & { audioTracks?: NativeAudioTracks }).audioTracks;

function enableNativeAudio(video: HTMLVideoElement, index: number): void {
  const tracks = nativeAudioTracks(video);
  if (!tracks?.[index]) return;
  // Enabling one track of an AudioTrackList disables the others only on some browsers: say both.
  for (let i = 0; i < tracks.length; i++) tracks[i]!.enabled = i === index;
}

/**
 * Native HLS only where MSE is missing (iPhone) or on Apple's browser, whose own player handles HLS
 * with less power; Chromium's recent native HLS gives no quality control, so MSE stays first there.
 */
export function prefersNative(video: HTMLVideoElement): boolean {
  if (!video.canPlayType('application/vnd.apple.mpegurl')) return false;
  const hasMse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !hasMse || /Apple/.test(navigator.vendor);
}

function nativeEngine(video: HTMLVideoElement, master: string, options: AttachOptions): Engine {
  video.src = master;
  if (options.startPosition > 0) {
    video.addEventListener('loadedmetadata', () => (video.currentTime = options.startPosition), {
      once: true,
    });
  }
  const onError = () => options.onFatal(video.error?.code === 2 ? 'network' : 'media', null);
  video.addEventListener('error', onError);
  const audioTracks = nativeAudioTracks(video);
  const onAudio = () => options.onTracks();
  audioTracks?.addEventListener('addtrack', onAudio);
  audioTracks?.addEventListener('change', onAudio);
  const preferred = options.audio;
  if (preferred) {
    video.addEventListener('loadedmetadata', () => enableNativeAudio(video, preferred.index), { once: true });
  }
  return {
    qualities: [],
    setQuality: () => {},
    playingQuality: () => -1,
    audioTrackCount: () => audioTracks?.length ?? 0,
    audioTrack: () => (audioTracks ? Array.from(audioTracks).findIndex((track) => track.enabled) : -1),
    setAudioTrack: (index) => enableNativeAudio(video, index),
    programTime: () => {
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const time = start?.getTime();
      return time && Number.isFinite(time) ? time + video.currentTime * 1000 : null;
    },
    destroy: () => {
      video.removeEventListener('error', onError);
      audioTracks?.removeEventListener('addtrack', onAudio);
      audioTracks?.removeEventListener('change', onAudio);
      video.removeAttribute('src');
      video.load();
    },
  };
}

/** The passes a live playlist announces (a screening looping its package), for the sync. */
function loopPasses(details: LevelDetails): LoopPass[] {
  const passes: LoopPass[] = [];
  for (const range of Object.values(details.dateRanges)) {
    if (range?.class === LOOP_PASS_CLASS && range.duration) {
      passes.push({ startMs: range.startDate.getTime(), durationMs: range.duration * 1000 });
    }
  }
  return passes;
}

/** hls.js's timestamp offsets by discontinuity (not public API: checked, and left alone if absent). */
type TimestampOffsets = ({ baseTime: number; timescale: number; trackId: number } | undefined)[];

/**
 * A screening whose package loops (decision record 0051): at each pass's discontinuity hls.js starts a
 * new timeline, placing the new segment's earliest sample (sound, or a reordered picture's decode
 * time) at the end of the previous segment's latest one, so each pass landed ~90 ms late in the
 * demo: a hole in the buffer that every viewer stalled in or jumped at the same moment. The playlist
 * announces each pass (a date range from its first frame); once one pass's offset is known, every
 * other pass in the playlist gets the same offset moved by the passes' distance, before its first
 * segment is parsed, and the timeline goes on without a gap. The event tells the other controllers
 * (a separate audio track) as hls.js would have.
 */
export function continueLoops(hls: Hls, HlsClass: typeof Hls): void {
  // Read each time: hls.js starts a new array when a manifest loads.
  const timestampOffsets = () =>
    (hls as unknown as { streamController?: { initPTS?: TimestampOffsets } }).streamController?.initPTS;
  if (!Array.isArray(timestampOffsets())) return;
  let details: LevelDetails | null = null;
  let known: {
    cc: number;
    baseTime: number;
    timescale: number;
    trackId: number;
    passStartMs: number;
  } | null = null;
  const align = () => {
    const offsets = timestampOffsets();
    if (!known || !details || !offsets) return;
    const passes = loopPasses(details);
    for (const frag of details.fragments) {
      if (frag.cc === known.cc || offsets[frag.cc] || frag.programDateTime === null) continue;
      const passStartMs = passStartOf(passes, frag.programDateTime);
      if (passStartMs === null) continue;
      const { timescale, trackId } = known;
      const baseTime = passTimestampOffset(known, passStartMs);
      offsets[frag.cc] = { baseTime, timescale, trackId };
      hls.trigger(HlsClass.Events.INIT_PTS_FOUND, {
        id: 'main' as PlaylistLevelType,
        frag,
        initPTS: baseTime,
        timescale,
        trackId,
        timestampOffsets: offsets.slice(0) as InitPTSFoundData['timestampOffsets'],
      });
    }
  };
  hls.on(HlsClass.Events.MANIFEST_LOADING, () => {
    details = known = null;
  });
  hls.on(HlsClass.Events.LEVEL_UPDATED, (_event, data) => {
    details = data.details;
    align();
  });
  hls.on(HlsClass.Events.INIT_PTS_FOUND, (_event, data) => {
    if (data.id !== 'main' || !details || data.frag.programDateTime === null) return;
    const passStartMs = passStartOf(loopPasses(details), data.frag.programDateTime);
    if (passStartMs === null) return;
    known = {
      cc: data.frag.cc,
      baseTime: data.initPTS,
      timescale: data.timescale,
      trackId: data.trackId,
      passStartMs,
    };
    align();
  });
}

/**
 * The wall-clock time of the frame on screen: the program date of its segment plus the time since the
 * segment's first picture. hls.js's own playingDate counts from the segment's earliest sample of any
 * track, and the demo's sound starts 20-80 ms before its first picture, differently per segment: the
 * estimate jumped by that at segment boundaries and the sync nudged after it.
 */
function programTimeOf(hls: Hls, video: HTMLVideoElement): number | null {
  const fragments = hls.levels[hls.currentLevel]?.details?.fragments;
  const time = video.currentTime;
  const frag = fragments?.find((f) => f.start <= time && time < f.start + f.duration);
  if (!frag || frag.programDateTime === null) return hls.playingDate?.getTime() ?? null;
  const pictures = frag.elementaryStreams.video?.startPTS ?? frag.start;
  return frag.programDateTime + (time - pictures) * 1000;
}

export async function attach(
  video: HTMLVideoElement,
  master: string,
  options: AttachOptions,
): Promise<Engine> {
  if (prefersNative(video)) return nativeEngine(video, master, options);
  const HlsClass = await loadHls(options.alternateAudio);
  if (!HlsClass.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) return nativeEngine(video, master, options);
    throw new Error('unsupported');
  }
  const hls = new HlsClass({
    // The page's CSP allows no blob: workers; transmuxing 2-4 s segments on the main thread is cheap.
    enableWorker: false,
    // The first frame comes fastest from the smallest rendition; ABR moves up as bandwidth shows.
    startLevel: 0,
    testBandwidth: false,
    startPosition: options.startPosition,
    capLevelToPlayerSize: true,
    backBufferLength: 30,
    // A screening's playlist lists about 6 s past the schedule's now (LIVE_LOOKAHEAD_SEGMENTS): starting
    // 8 s before its end puts the first frame up to 2 s behind the schedule, with the schedule's own
    // frames already loading, and the player's sync (live-sync.ts) seeks forward to them. The sync owns
    // the playback rate (hls.js's own catch-up stays off, its default), and hls.js jumps by itself only
    // when the position left the playlist's window (a long pause).
    liveSyncDuration: 8,
    liveMaxLatencyDuration: 20,
    // The profile's audio from the first fragment on, without loading the default track first.
    ...(options.audio
      ? {
          audioPreference: {
            lang: options.audio.lang,
            characteristics: options.audio.description ? DESCRIBES_VIDEO : '',
          },
        }
      : {}),
  });
  let lastStatus: number | null = null;
  let mediaRecoveries = 0;
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    const status = (data.response as { code?: number } | undefined)?.code ?? null;
    if (status) lastStatus = status;
    if (!data.fatal) return;
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    options.onFatal(
      data.type === HlsClass.ErrorTypes.NETWORK_ERROR
        ? 'network'
        : data.type === HlsClass.ErrorTypes.MEDIA_ERROR
          ? 'media'
          : 'other',
      lastStatus,
    );
  });
  for (const event of [
    HlsClass.Events.MANIFEST_PARSED,
    HlsClass.Events.LEVEL_SWITCHED,
    HlsClass.Events.AUDIO_TRACKS_UPDATED,
    HlsClass.Events.AUDIO_TRACK_SWITCHED,
  ]) {
    hls.on(event, () => options.onTracks());
  }
  continueLoops(hls, HlsClass);
  hls.loadSource(master);
  hls.attachMedia(video);
  return {
    get qualities() {
      return hls.levels.map((level, index) => ({ index, height: level.height, bitrate: level.bitrate }));
    },
    setQuality: (index) => {
      // nextLevel switches at the next fragment without flushing what is buffered.
      hls.nextLevel = index;
    },
    playingQuality: () => hls.currentLevel,
    audioTrackCount: () => hls.audioTracks.length,
    audioTrack: () => hls.audioTrack,
    setAudioTrack: (index) => {
      // hls.js keeps the picture and refetches only the sound from the position playing.
      if (index !== hls.audioTrack) hls.audioTrack = index;
    },
    programTime: () => programTimeOf(hls, video),
    destroy: () => hls.destroy(),
  };
}
