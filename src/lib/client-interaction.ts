import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: an island whose code (React included) loads only when the viewer activates one
 * of its buttons or links, for actions most visitors never take (buying). The server-rendered markup
 * works as a plain button until then; the press that loaded the island is handed to the hydrated one,
 * which keeps the same DOM node, so a single tap both loads and acts. Registered in astro.config.mjs.
 */
const interaction: ClientDirective = (load, _options, el) => {
  async function start(event: Event) {
    const target = event.target instanceof Element ? event.target.closest('button, a[href]') : null;
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    el.removeEventListener('click', start);
    target.setAttribute('aria-busy', 'true');
    try {
      const hydrate = await load();
      await hydrate();
    } catch {
      // The island's code did not arrive (offline): the next press tries again.
      el.addEventListener('click', start);
      return;
    } finally {
      target.removeAttribute('aria-busy');
    }
    target.click();
  }
  el.addEventListener('click', start);
};

export default interaction;
