import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Barcode Detection API we use (not in TypeScript's DOM library yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  if (typeof window === 'undefined') return null;
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}

/** A scan a second while the camera runs; the same code is not reported twice in a row. */
const SCAN_EVERY_MS = 1000;

/**
 * The back camera read for QR codes with BarcodeDetector where the browser has it (Chromium on
 * Android and desktop, Safari 17+ on some devices); elsewhere `supported` is false and the desk is
 * typed. Each new code found is handed to `onCode`; the camera stops with the component.
 */
export function useQrScanner(onCode: (code: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const last = useRef('');
  const handler = useRef(onCode);
  const [supported, setSupported] = useState(false);
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    handler.current = onCode;
  });
  useEffect(() => setSupported(detectorClass() !== null && !!navigator.mediaDevices?.getUserMedia), []);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setActive(false);
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(async () => {
    const Detector = detectorClass();
    if (!Detector || !video.current) return;
    setRefused(false);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch {
      setRefused(true);
      return;
    }
    const detector = new Detector({ formats: ['qr_code'] });
    video.current.srcObject = stream.current;
    await video.current.play();
    setActive(true);
    last.current = '';
    timer.current = setInterval(() => {
      if (!video.current) return;
      detector.detect(video.current).then(
        (found) => {
          const code = found[0]?.rawValue;
          if (code && code !== last.current) {
            last.current = code;
            handler.current(code);
          }
        },
        () => {},
      );
    }, SCAN_EVERY_MS);
  }, []);

  return { video, supported, active, refused, start, stop };
}
