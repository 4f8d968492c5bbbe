import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Locale } from '~/lib/locale';
import type { PlayerStrings } from '~/lib/player/text';
import type { PlayInfo } from '~/shared/playback';
import type { Engine } from './engine';
import { Icon, iconButton, icons } from './icons';
import { applyRate } from './media';
import { PlaybackSettings, type SubtitleStyle } from './PlaybackSettings';

interface SettingsMenuProps {
  locale: Locale;
  strings: PlayerStrings;
  video: HTMLVideoElement;
  engine: Engine;
  info: PlayInfo;
  /** Open or not is the controls' to know: an open menu keeps them on screen. */
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  onAudio: (index: number) => void;
  subtitle: string;
  onSubtitle: (lang: string) => void;
  subtitleStyle: SubtitleStyle;
  onSubtitleStyle: (style: Partial<SubtitleStyle>) => void;
  onReport: () => void;
  onHelp: () => void;
}

/**
 * The settings button and its panel: the playback settings, and on phones the report entry (no room for
 * its button on the bar), elsewhere the keyboard shortcuts. The panel closes on Escape (focus back on its
 * button) and on a press anywhere else.
 */
export function SettingsMenu({
  locale,
  strings,
  video,
  engine,
  info,
  open,
  setOpen,
  onAudio,
  subtitle,
  onSubtitle,
  subtitleStyle,
  onSubtitleStyle,
  onReport,
  onHelp,
}: SettingsMenuProps) {
  const [speed, setSpeed] = useState(1);
  const [quality, setQuality] = useState(-1);
  const settings = useRef<HTMLDivElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      settingsButton.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (!settings.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open, setOpen]);

  return (
    <div className="relative" ref={settings}>
      <button
        ref={settingsButton}
        type="button"
        className={iconButton}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-label={strings.settings}
        aria-expanded={open}
        aria-controls="player-settings"
      >
        <Icon path={icons.settings} />
      </button>
      {open && (
        <div
          id="player-settings"
          dir={locale === 'fa' ? 'rtl' : 'ltr'}
          // Tall with the audio and subtitle-look settings: it scrolls on a short (landscape phone) screen.
          className="absolute end-0 bottom-12 flex max-h-[70vh] w-64 flex-col gap-3 overflow-y-auto rounded-xl bg-neutral-900/95 p-4 text-start shadow-xl"
        >
          <PlaybackSettings
            locale={locale}
            strings={strings}
            engine={engine}
            info={info}
            quality={quality}
            onQuality={(index) => {
              setQuality(index);
              engine.setQuality(index);
            }}
            onAudio={onAudio}
            subtitle={subtitle}
            onSubtitle={onSubtitle}
            subtitleStyle={subtitleStyle}
            onSubtitleStyle={onSubtitleStyle}
            speed={speed}
            onSpeed={(rate) => {
              setSpeed(rate);
              applyRate(video, rate);
            }}
          />
          <button
            type="button"
            className="button-secondary border-white/30 text-white hover:bg-white/10 sm:hidden"
            onClick={() => {
              setOpen(false);
              onReport();
            }}
            aria-haspopup="dialog"
          >
            {strings.report.open}
          </button>
          <button
            type="button"
            className="button-secondary border-white/30 text-white hover:bg-white/10 max-sm:hidden"
            onClick={() => {
              setOpen(false);
              onHelp();
            }}
            aria-haspopup="dialog"
            aria-keyshortcuts="Shift+?"
          >
            {strings.help.open}
          </button>
        </div>
      )}
    </div>
  );
}
