import type { ClientDirective } from 'astro';
import { holdPresses } from './client-interaction';

/**
 * `client:eager`: loads and hydrates at once, as `client:load` does, for an island whose controls are
 * pressed in the first second (the player's big play button). Until its code has arrived and hydrated,
 * a press on its server-rendered buttons or links is held and then replayed on the hydrated island, so a
 * tap while a slow phone is still loading is not lost (issue 25). Registered in astro.config.mjs.
 */
const eager: ClientDirective = (load, _options, el) => {
  const presses = holdPresses(el);
  void (async () => {
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      // The code never came (offline): the plain markup gets the presses, so a link still leads on.
    }
    presses.replay();
  })();
};

export default eager;
