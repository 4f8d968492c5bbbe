import { useEffect, useState } from 'react';

/**
 * The video element's state as the controls show it, kept in step with its events: playing or not,
 * stalled for data, the time, the length and the sound. The setters let a slider show a new value at
 * once: a controlled range input whose value stayed behind would be put back by React.
 */
export function useMediaState(video: HTMLVideoElement, knownDuration: number) {
  const [paused, setPaused] = useState(video.paused);
  const [ended, setEnded] = useState(video.ended);
  const [waiting, setWaiting] = useState(false);
  /** Frames are on screen: until then nothing else competes with the stream's first requests. */
  const [started, setStarted] = useState(() => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA);
  const [time, setTime] = useState(video.currentTime);
  const [duration, setDuration] = useState(knownDuration);
  const [muted, setMuted] = useState(video.muted);
  const [volume, setVolume] = useState(video.volume);

  useEffect(() => {
    const sync = () => {
      setPaused(video.paused);
      setEnded(video.ended);
      setTime(video.currentTime);
      if (Number.isFinite(video.duration) && video.duration > 0) setDuration(video.duration);
      setMuted(video.muted);
      setVolume(video.volume);
    };
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'volumechange', 'seeked'];
    for (const name of events) video.addEventListener(name, sync);
    // Stalled for data (a seek past the buffer, a slow network): a spinner until frames come again.
    const stalled = () => setWaiting(true);
    const flowing = () => {
      setWaiting(false);
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) setStarted(true);
    };
    const moving = ['playing', 'canplay', 'seeked', 'pause'];
    video.addEventListener('waiting', stalled);
    for (const name of moving) video.addEventListener(name, flowing);
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
      video.removeEventListener('waiting', stalled);
      for (const name of moving) video.removeEventListener(name, flowing);
    };
  }, [video]);

  return { paused, ended, waiting, started, time, setTime, duration, muted, setMuted, volume, setVolume };
}
