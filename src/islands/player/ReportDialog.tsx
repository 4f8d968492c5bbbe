import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { ApiErrorBody } from '~/lib/api';
import { apiHeaders } from '~/lib/player/play-api';
import { streamingIp } from '~/lib/player/streaming-ip';
import type { PlayerStrings } from '~/lib/player/text';
import type { MessageResponse } from '~/shared/auth';
import type { PlayerReport, PlayInfo } from '~/shared/playback';
import type { Locale } from '~/lib/locale';
import { $token } from '~/stores/auth';

const problems = ['no_playback', 'buffering', 'quality', 'audio', 'subtitles', 'other'] as const;

interface NetworkInformation {
  effectiveType?: string;
  downlink?: number;
}

/**
 * "Report a problem" (SPEC §1, player problem reporting): the viewer picks what is wrong; the title,
 * the position, the browser and the network (streaming address, connection type and speed) go with it.
 * A native modal <dialog>: it sits in the top layer, so it shows above the player in full screen too,
 * and the page behind it is inert while it is open.
 */
export function ReportDialog({
  locale,
  strings,
  info,
  video,
  ipUrls,
  onClose,
}: {
  locale: Locale;
  strings: PlayerStrings;
  info: PlayInfo;
  video: HTMLVideoElement;
  ipUrls: string[];
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const token = useStore($token);
  const titleId = useId();
  const [problem, setProblem] = useState<(typeof problems)[number]>('no_playback');
  const [description, setDescription] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    try {
      const response = await fetch('/api/v1/core/player-report', {
        method: 'POST',
        headers: { ...apiHeaders(locale, token), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          product_id: info.product.id,
          ...(info.episode ? { episode_id: info.episode.id } : {}),
          position: Math.floor(video.currentTime),
          problem,
          ...(description.trim() ? { description: description.trim() } : {}),
          browser: navigator.userAgent,
          network: {
            streaming_ip: await streamingIp(ipUrls),
            ...(connection?.effectiveType ? { effective_type: connection.effectiveType } : {}),
            ...(typeof connection?.downlink === 'number' ? { downlink: connection.downlink } : {}),
          },
        } satisfies PlayerReport),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<MessageResponse> & ApiErrorBody;
      setResult({ ok: response.ok, message: body.message || (response.ok ? '' : strings.errors.unknown) });
    } catch {
      setResult({ ok: false, message: strings.errors.network });
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-surface p-6 text-ink shadow-2xl backdrop:bg-black/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {strings.report.title}
      </h2>
      {result?.ok ? (
        <div className="mt-4 flex flex-col gap-4">
          <p role="status">{result.message}</p>
          <button type="button" className="button-primary self-start" onClick={onClose}>
            {strings.report.close}
          </button>
        </div>
      ) : (
        <form className="mt-3 flex flex-col gap-4" onSubmit={(event) => void send(event)}>
          <p className="text-sm text-ink-muted">{strings.report.intro}</p>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-bold">{strings.report.problem}</legend>
            {problems.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="problem"
                  value={value}
                  checked={problem === value}
                  onChange={() => setProblem(value)}
                  className="size-5 accent-accent"
                />
                {strings.report.problems[value]}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 font-bold">
            {strings.report.description}
            <textarea
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={1000}
              rows={3}
              className="rounded-lg border border-line bg-surface p-2 font-normal"
            />
          </label>
          {result && !result.ok && (
            <p role="alert" className="font-bold text-accent">
              {result.message}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="button-primary" disabled={sending}>
              {sending ? strings.report.sending : strings.report.send}
            </button>
            <button type="button" className="button-secondary" onClick={onClose}>
              {strings.report.cancel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
