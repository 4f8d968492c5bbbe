import type Hls from 'hls.js';

/**
 * What plays the stream: hls.js over Media Source Extensions, or the browser's own HLS where that is
 * the better choice (Safari, iOS without MSE). hls.js is imported only here and only on demand, so no
 * other page and no first paint pays for it; the light build is enough because subtitles and seek
 * thumbnails are read by the player itself (src/lib/player/vtt.ts) and no DRM is used (AES-128 is in
 * the light build).
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
  /** Wall-clock time (ms) of the frame on screen, from EXT-X-PROGRAM-DATE-TIME (live screenings). */
  programTime(): number | null;
  /** The live position all viewers are held to, or null for on-demand streams. */
  livePosition(): number | null;
  destroy(): void;
}

export interface AttachOptions {
  /** Resume position in seconds; -1 for the live edge. */
  startPosition: number;
  live: boolean;
  onFatal(kind: 'network' | 'media' | 'other', status: number | null): void;
  onQualities(): void;
}

let hlsModule: Promise<typeof Hls> | null = null;

/** Starts (once) the download of hls.js; called when the page is idle and again on press. */
export function loadHls(): Promise<typeof Hls> {
  hlsModule ??= import('hls.js/light').then((module) => module.default);
  return hlsModule;
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
  return {
    qualities: [],
    setQuality: () => {},
    playingQuality: () => -1,
    programTime: () => {
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const time = start?.getTime();
      return time && Number.isFinite(time) ? time + video.currentTime * 1000 : null;
    },
    livePosition: () => null,
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

export async function attach(
  video: HTMLVideoElement,
  master: string,
  options: AttachOptions,
): Promise<Engine> {
  if (prefersNative(video)) return nativeEngine(video, master, options);
  const HlsClass = await loadHls();
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
    // Every viewer of a screening stays the same distance behind the live edge, catching up by
    // playing slightly faster after a stall instead of jumping.
    liveSyncDuration: 8,
    liveMaxLatencyDuration: 20,
    maxLiveSyncPlaybackRate: 1.25,
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
  hls.on(HlsClass.Events.MANIFEST_PARSED, () => options.onQualities());
  hls.on(HlsClass.Events.LEVEL_SWITCHED, () => options.onQualities());
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
    programTime: () => hls.playingDate?.getTime() ?? null,
    livePosition: () => (options.live ? hls.liveSyncPosition : null),
    destroy: () => hls.destroy(),
  };
}
