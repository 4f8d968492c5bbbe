/**
 * Writes to the <video> element, kept out of the components: the element is shared state outside
 * React (the engine and the browser write to it too), and React's rules forbid mutating it in render.
 */
export function seekTo(video: HTMLVideoElement, seconds: number): void {
  video.currentTime = seconds;
}

export function applyMuted(video: HTMLVideoElement, muted: boolean): void {
  video.muted = muted;
}

export function applyVolume(video: HTMLVideoElement, volume: number): void {
  video.volume = volume;
  video.muted = volume === 0;
}

export function applyRate(video: HTMLVideoElement, rate: number): void {
  video.playbackRate = rate;
}

/** The wall-clock moment on screen of a live screening, for support and the sync test to read. */
export function markProgramTime(video: HTMLVideoElement, time: number): void {
  video.dataset['programTime'] = String(time);
}

/**
 * The drift from the schedule the player measured (ms, by its estimate of the server's clock), and the
 * device's own clock at that instant: with the server on the same machine (the benchmark), the program
 * time against that clock is the drift measured independently of the player's estimate.
 */
export function markSyncDrift(video: HTMLVideoElement, drift: number): void {
  video.dataset['syncDrift'] = String(Math.round(drift));
  video.dataset['syncWall'] = String(Date.now());
}

/** Full screen for the player (controls and subtitles included); iPhone Safari can only do the video. */
export function toggleFullscreen(element: HTMLElement | null, video: HTMLVideoElement): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  else if (element?.requestFullscreen) void element.requestFullscreen().catch(() => {});
  else (video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
}
