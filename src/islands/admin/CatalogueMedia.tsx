import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessagesOf, type ApiErrorBody } from '~/lib/api';
import { formatNumber } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { browserApi } from '~/islands/shared/api';
import { audioKinds, type AudioKind } from '~/shared/catalog-constants';
import type {
  AudioAnswer,
  MediaJob,
  MediaJobAnswer,
  StagedAudio,
  StaffTitle,
  TitleAnswer,
} from '~/shared/staff-catalogue';
import { AUDIO_LANGUAGES, MEDIA_JOB_POLL_MS } from '~/shared/staff-catalogue-constants';
import { $token } from '~/stores/auth';

/**
 * A title's artwork and video. Files go as the raw request body (the server streams them to disk), with
 * XMLHttpRequest so a large video shows how much has been sent; then the packaging job is read every
 * second until the title plays it (or the reason it could not). Extra audio tracks (a dub, an audio
 * description; issue 29) are sent first, one at a time, and the video's upload names them.
 */

interface Sent<T> {
  status: number;
  body: T;
}

function send<T>(
  url: string,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<Sent<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/v1${url}`);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.setRequestHeader('Accept-Language', locale);
    request.setRequestHeader('Accept-Language-site', locale);
    const token = $token.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response as T });
    request.onerror = () => reject(new Error('network'));
    request.send(file);
  });
}

function languageName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(code) ?? code;
}

function percent(fraction: number, locale: Locale): string {
  return formatNumber(fraction, locale, { style: 'percent', maximumFractionDigits: 0 });
}

export function CatalogueMedia({
  locale,
  title,
  onChanged,
}: {
  locale: Locale;
  title: StaffTitle;
  onChanged: (title: StaffTitle) => void;
}) {
  const { t } = useTranslation();
  const [uploadShare, setUploadShare] = useState<number | null>(null);
  const [job, setJob] = useState<MediaJob | null>(title.media_jobs[0] ?? null);
  const [status, setStatus] = useState('');
  const [episodeId, setEpisodeId] = useState('');
  /** Audio tracks sent for the chosen title or episode, waiting for its video. */
  const [tracks, setTracks] = useState<StagedAudio[]>([]);
  const [trackLang, setTrackLang] = useState<string>('fa');
  const [trackKind, setTrackKind] = useState<AudioKind>('dub');
  const [originalLang, setOriginalLang] = useState('');
  const [sendingAudio, setSendingAudio] = useState(false);
  const trackName = (track: { lang: string; kind: AudioKind }) =>
    t('adminCatalogue.media.audioTrack', {
      language: languageName(track.lang, locale),
      kind: t(`adminCatalogue.media.audioKinds.${track.kind}`),
    });
  const episodes = title.seasons.flatMap((season) =>
    season.episodes.map((episode) => ({ season: season.number, ...episode })),
  );

  // While a job is under way, its progress is read until it ends; then the title is read again.
  const open = job !== null && (job.status === 'queued' || job.status === 'packaging');
  const jobId = job?.id;
  useEffect(() => {
    if (!open || jobId === undefined) return;
    const api = browserApi(locale);
    const timer = window.setInterval(() => {
      void api<MediaJob>(`/staff/catalogue/media-jobs/${jobId}`).then(
        async (next) => {
          setJob(next);
          if (next.status === 'ready' || next.status === 'failed') {
            window.clearInterval(timer);
            setStatus(
              next.status === 'ready' ? t('adminCatalogue.media.ready') : t('adminCatalogue.media.failed'),
            );
            onChanged(await api<StaffTitle>(`/staff/catalogue/titles/${title.id}`));
          }
        },
        () => undefined,
      );
    }, MEDIA_JOB_POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, jobId, locale, t, title.id, onChanged]);

  const uploadVideo = async (file: File) => {
    setUploadShare(0);
    setStatus(t('adminCatalogue.media.sending'));
    try {
      const params = new URLSearchParams();
      if (episodeId) params.set('episode_id', episodeId);
      if (tracks.length > 0) {
        params.set('audio', tracks.map((track) => track.id).join(','));
        params.set('audio_lang', originalLang);
      }
      const query = params.toString() ? `?${params.toString()}` : '';
      const sent = await send<Partial<MediaJobAnswer> & ApiErrorBody>(
        `/staff/catalogue/titles/${title.id}/video${query}`,
        file,
        locale,
        setUploadShare,
      );
      if (sent.status === 202 && sent.body.job) {
        setJob(sent.body.job);
        setTracks([]);
        setStatus(sent.body.message ?? '');
      } else {
        const message = errorMessagesOf(sent.body, locale).join(' ');
        setStatus(message);
        toast.error(message);
      }
    } catch {
      setStatus(t('errors.network'));
      toast.error(t('errors.network'));
    } finally {
      setUploadShare(null);
    }
  };

  const uploadAudio = async (file: File) => {
    setSendingAudio(true);
    setStatus(t('adminCatalogue.media.audioSending'));
    try {
      const params = new URLSearchParams({ lang: trackLang, kind: trackKind });
      if (episodeId) params.set('episode_id', episodeId);
      const sent = await send<Partial<AudioAnswer> & ApiErrorBody>(
        `/staff/catalogue/titles/${title.id}/audio?${params.toString()}`,
        file,
        locale,
        () => undefined,
      );
      if (sent.status === 201 && sent.body.audio) {
        const added = sent.body.audio;
        setTracks((list) => [...list, added]);
        setStatus(t('adminCatalogue.media.audioAdded', { track: trackName(added) }));
      } else {
        const message = errorMessagesOf(sent.body, locale).join(' ');
        setStatus(message);
        toast.error(message);
      }
    } catch {
      setStatus(t('errors.network'));
      toast.error(t('errors.network'));
    } finally {
      setSendingAudio(false);
    }
  };
  /** The video waits for the language of its own sound once it has audio tracks beside it. */
  const videoBlocked = tracks.length > 0 && originalLang === '';

  const uploadArtwork = async (shape: 'poster' | 'cover', file: File) => {
    try {
      const sent = await send<Partial<TitleAnswer> & ApiErrorBody>(
        `/staff/catalogue/titles/${title.id}/artwork/${shape}`,
        file,
        locale,
        () => undefined,
      );
      if (sent.status === 200 && sent.body.title) {
        onChanged(sent.body.title);
        toast.success(sent.body.message ?? '');
      } else {
        toast.error(errorMessagesOf(sent.body, locale).join(' '));
      }
    } catch {
      toast.error(t('errors.network'));
    }
  };

  return (
    <section
      aria-labelledby="title-media"
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
      data-title-media
    >
      <h2 id="title-media" className="text-lg font-bold">
        {t('adminCatalogue.media.heading')}
      </h2>

      <div className="grid gap-4 sm:grid-cols-2">
        {(['poster', 'cover'] as const).map((shape) => (
          <div key={shape} className="flex min-w-0 flex-col gap-2">
            <img
              src={`${title[shape].base}-${title[shape].widths[0]}.webp`}
              width={title[shape].width}
              height={title[shape].height}
              alt={t(`adminCatalogue.media.${shape}Alt`)}
              className="h-auto max-w-full rounded-lg"
              data-artwork={shape}
            />
            <label htmlFor={`artwork-${shape}`} className="font-bold">
              {t(`adminCatalogue.media.${shape}`)}
            </label>
            <input
              id={`artwork-${shape}`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="w-full min-w-0"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void uploadArtwork(shape, file);
              }}
            />
          </div>
        ))}
      </div>

      <div className="flex flex-col gap-2">
        {episodes.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor="video-episode" className="font-bold">
              {t('adminCatalogue.media.for')}
            </label>
            <select
              id="video-episode"
              value={episodeId}
              onChange={(event) => {
                setEpisodeId(event.target.value);
                // Tracks were sent for the title or episode chosen before.
                setTracks([]);
              }}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              <option value="">{t('adminCatalogue.media.wholeTitle')}</option>
              {episodes.map((episode) => (
                <option key={episode.id} value={episode.id}>
                  {t('adminCatalogue.media.episode', {
                    season: formatNumber(episode.season, locale),
                    episode: formatNumber(episode.number, locale),
                  })}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset className="flex flex-col gap-2 rounded-lg border border-line p-3" data-audio-tracks>
          <legend className="px-1 font-bold">{t('adminCatalogue.media.audioHeading')}</legend>
          <p id="audio-hint" className="text-sm text-ink-muted">
            {t('adminCatalogue.media.audioHint')}
          </p>
          {tracks.length > 0 && (
            <ul className="flex flex-col gap-1">
              {tracks.map((track) => (
                <li key={track.id} className="flex items-center gap-2" data-audio-track={track.lang}>
                  <span>{trackName(track)}</span>
                  <button
                    type="button"
                    className="min-h-11 rounded-lg border border-line px-3"
                    onClick={() => setTracks((list) => list.filter((other) => other.id !== track.id))}
                  >
                    {t('adminCatalogue.media.audioRemove', { track: trackName(track) })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="audio-lang">{t('adminCatalogue.media.audioLanguage')}</label>
              <select
                id="audio-lang"
                value={trackLang}
                onChange={(event) => setTrackLang(event.target.value)}
                className="min-h-11 rounded-lg border border-line bg-surface px-3"
              >
                {AUDIO_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code, locale)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="audio-kind">{t('adminCatalogue.media.audioKind')}</label>
              <select
                id="audio-kind"
                value={trackKind}
                onChange={(event) => setTrackKind(event.target.value as AudioKind)}
                className="min-h-11 rounded-lg border border-line bg-surface px-3"
              >
                {audioKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`adminCatalogue.media.audioKinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label htmlFor="audio-file">{t('adminCatalogue.media.audioFile')}</label>
          <input
            id="audio-file"
            type="file"
            accept="audio/*"
            aria-describedby="audio-hint"
            className="w-full min-w-0"
            disabled={sendingAudio || uploadShare !== null || open}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void uploadAudio(file);
            }}
          />
          {tracks.length > 0 && (
            <div className="flex flex-col gap-1">
              <label htmlFor="audio-original">{t('adminCatalogue.media.audioOriginal')}</label>
              <select
                id="audio-original"
                value={originalLang}
                required
                onChange={(event) => setOriginalLang(event.target.value)}
                className="min-h-11 rounded-lg border border-line bg-surface px-3"
              >
                <option value="">{t('adminCatalogue.media.audioChoose')}</option>
                {AUDIO_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code, locale)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        <label htmlFor="video-file" className="font-bold">
          {t('adminCatalogue.media.video')}
        </label>
        <input
          id="video-file"
          type="file"
          accept="video/*,.mkv,.ts"
          aria-describedby="video-hint"
          className="w-full min-w-0"
          disabled={uploadShare !== null || open || sendingAudio || videoBlocked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void uploadVideo(file);
          }}
        />
        <p id="video-hint" className="text-sm text-ink-muted">
          {t('adminCatalogue.media.videoHint')}
        </p>
        <p className="text-sm">
          {title.asset ? t('adminCatalogue.media.playsAsset') : t('adminCatalogue.media.noAsset')}{' '}
          {title.asset && <bdi dir="ltr">{title.asset}</bdi>}
        </p>
      </div>

      {uploadShare !== null && (
        <div className="flex flex-col gap-1">
          <label htmlFor="video-upload-progress">{t('adminCatalogue.media.uploading')}</label>
          <progress id="video-upload-progress" max={1} value={uploadShare} className="w-full">
            {percent(uploadShare, locale)}
          </progress>
        </div>
      )}
      {job && (
        <div className="flex flex-col gap-1" data-media-job={job.status}>
          <label htmlFor="video-package-progress">
            {t(`adminCatalogue.media.status.${job.status}`)} ({percent(job.progress / 100, locale)})
          </label>
          <progress id="video-package-progress" max={100} value={job.progress} className="w-full">
            {percent(job.progress / 100, locale)}
          </progress>
          {job.status === 'failed' && job.error && (
            <pre dir="ltr" className="max-h-40 overflow-auto whitespace-pre-wrap text-sm text-accent">
              {job.error}
            </pre>
          )}
        </div>
      )}
      <p role="status" aria-live="polite" data-media-status>
        {status}
        {job?.status === 'ready' && (
          <>
            {' '}
            <a href={title.href} className="text-accent underline">
              {t('adminCatalogue.viewPage')}
            </a>
          </>
        )}
      </p>
    </section>
  );
}
