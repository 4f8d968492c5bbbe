import type { PlayerPageKind } from '~/shared/playback';
import { Player, type PlayerProps } from './Player';
import { PlayTest } from './PlayTest';

/**
 * The island of every player page. The self-test plays the title's trailer (no login, no access
 * needed) beside its checks; the other pages are the player itself.
 */
export default function PlayerIsland({
  mode,
  ...props
}: Omit<PlayerProps, 'mode'> & { mode: PlayerPageKind }) {
  if (mode === 'test') return <PlayTest {...props} />;
  return <Player mode={mode} {...props} />;
}
