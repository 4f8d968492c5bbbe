import type { ClientDirective } from 'astro';

/**
 * Presses on an island's server-rendered buttons and links while its code is not there yet: each one is
 * stopped (the markup alone would do nothing, or leave the page) and remembered, and `replay` presses
 * them again, in order and each control once, on the hydrated island, which keeps the same DOM nodes.
 * A remembered control says it is busy (aria-busy) until then. `onFirst` is told of the first press.
 */
export function holdPresses(
  el: HTMLElement,
  onFirst: () => void = () => {},
): { hold: (target: HTMLElement) => void; replay: () => void; drop: () => void } {
  const held: HTMLElement[] = [];
  let active = true;
  function hold(target: HTMLElement) {
    if (!held.includes(target)) held.push(target);
    target.setAttribute('aria-busy', 'true');
    if (held.length === 1) onFirst();
  }
  function onPress(event: Event) {
    const target = event.target instanceof Element ? event.target.closest('button, a[href]') : null;
    if (!active || !(target instanceof HTMLElement) || !el.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    hold(target);
  }
  // Capture on the island's root: the press is taken before anything inside (or React, once it
  // attaches) sees it.
  el.addEventListener('click', onPress, true);
  const release = () => {
    for (const target of held) target.removeAttribute('aria-busy');
    return held.splice(0);
  };
  return {
    hold,
    replay() {
      active = false;
      el.removeEventListener('click', onPress, true);
      for (const target of release()) if (target.isConnected) target.click();
    },
    // The code did not arrive (offline): forget the presses; the next press tries again.
    drop() {
      release();
    },
  };
}

/**
 * `client:interaction`: an island whose code (React included) loads only when the viewer activates one
 * of its buttons or links, for actions most visitors never take (buying). The server-rendered markup
 * works as a plain button until then; the press that loaded the island, and any other press on it while
 * its code is on the way, is handed to the hydrated one, so a single tap both loads and acts and no tap
 * is lost (issue 25). Registered in astro.config.mjs.
 *
 * With a value (`client:interaction="buy"`), an address carrying that query parameter presses the
 * island's first button on arrival: a link elsewhere (the player's offer after a 402) opens the
 * purchase dialog directly. The parameter is then dropped from the address, so a reload or a return
 * with Back does not open it again.
 */
const interaction: ClientDirective = (load, options, el) => {
  let loading = false;
  const presses = holdPresses(el, () => void start());
  async function start() {
    if (loading) return;
    loading = true;
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      loading = false;
      presses.drop();
      return;
    }
    presses.replay();
  }

  const param = typeof options.value === 'string' ? options.value : '';
  const url = new URL(location.href);
  const first = el.querySelector('button, a[href]');
  if (param && url.searchParams.has(param) && first instanceof HTMLElement) {
    url.searchParams.delete(param);
    history.replaceState(history.state, '', url);
    presses.hold(first);
  }
};

export default interaction;
