import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: an island whose code (React included) loads only when the viewer activates one
 * of its buttons or links, for actions most visitors never take (buying). The server-rendered markup
 * works as a plain button until then; the press that loaded the island is handed to the hydrated one,
 * which keeps the same DOM node, so a single tap both loads and acts. Registered in astro.config.mjs.
 *
 * With a value (`client:interaction="buy"`), an address carrying that query parameter presses the
 * island's first button on arrival: a link elsewhere (the player's offer after a 402) opens the
 * purchase dialog directly. The parameter is then dropped from the address, so a reload or a return
 * with Back does not open it again.
 */
const interaction: ClientDirective = (load, options, el) => {
  async function start(target: HTMLElement) {
    el.removeEventListener('click', onPress);
    target.setAttribute('aria-busy', 'true');
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      // The island's code did not arrive (offline): the next press tries again.
      el.addEventListener('click', onPress);
      return;
    } finally {
      target.removeAttribute('aria-busy');
    }
    target.click();
  }
  function onPress(event: Event) {
    const target = event.target instanceof Element ? event.target.closest('button, a[href]') : null;
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    void start(target);
  }
  el.addEventListener('click', onPress);

  const param = typeof options.value === 'string' ? options.value : '';
  const url = new URL(location.href);
  const first = el.querySelector('button, a[href]');
  if (param && url.searchParams.has(param) && first instanceof HTMLElement) {
    url.searchParams.delete(param);
    history.replaceState(history.state, '', url);
    void start(first);
  }
};

export default interaction;
