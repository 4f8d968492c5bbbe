/**
 * The player's keyboard shortcuts. Letters are matched by physical key (`event.code`), so they work
 * with the Persian keyboard layout too. Arrows follow the timeline, which is drawn left to right on
 * Persian pages as well (media time is not mirrored in RTL layouts, per Material's bidirectionality
 * guidance and the big players), so ArrowRight and L always go forward. See
 * docs/decisions/0012-player.md.
 */
export type HotkeyAction =
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'toggle-play' }
  | { type: 'fullscreen' }
  | { type: 'mute' }
  | { type: 'help' };

export const SEEK_STEP = 10;
/** ArrowUp and ArrowDown change the volume by a tenth. */
export const VOLUME_STEP = 0.1;

type KeyInfo = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * The shortcuts as the help dialog lists them, in this order: the keys shown and the action's name in
 * the player's strings (`help.actions`).
 */
export const hotkeyList = [
  { keys: ['Space', 'K'], action: 'togglePlay' },
  { keys: ['→', 'L'], action: 'forward' },
  { keys: ['←', 'J'], action: 'rewind' },
  { keys: ['↑'], action: 'volumeUp' },
  { keys: ['↓'], action: 'volumeDown' },
  { keys: ['M'], action: 'mute' },
  { keys: ['F'], action: 'fullscreen' },
  { keys: ['?'], action: 'help' },
] as const;

/** What a key does, or null to leave the key alone (modifier combinations, other keys). */
export function hotkeyOf(event: KeyInfo): HotkeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  // "?" is Shift and the slash key on both layouts (the Persian one types "؟").
  if (event.key === '?' || event.key === '؟' || (event.shiftKey && event.code === 'Slash')) {
    return { type: 'help' };
  }
  switch (event.code || event.key) {
    case 'ArrowRight':
    case 'KeyL':
      return { type: 'seek', by: SEEK_STEP };
    case 'ArrowLeft':
    case 'KeyJ':
      return { type: 'seek', by: -SEEK_STEP };
    case 'ArrowUp':
      return { type: 'volume', by: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume', by: -VOLUME_STEP };
    case 'Space':
    case 'KeyK':
      return { type: 'toggle-play' };
    case 'KeyF':
      return { type: 'fullscreen' };
    case 'KeyM':
      return { type: 'mute' };
    default:
      return null;
  }
}

/** Keys typed into fields, and Space/Enter on a focused button or link, keep their own meaning. */
export function isOwnKeyTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  // The seek and volume sliders move with the arrows themselves; the other shortcuts still apply there.
  if (tag === 'INPUT') return (target as HTMLInputElement).type !== 'range' || key.startsWith('Arrow');
  return (
    (tag === 'BUTTON' || tag === 'A' || target.getAttribute('role') === 'menuitemradio') &&
    (key === ' ' || key === 'Enter')
  );
}
