// Permalinks in the page: the URL hash (the worker encodes and decodes it), the embed flag,
// and the Share / Embed boxes that copy a link or an <iframe> snippet. The boxes copy the link
// the page makes of what it shows (never the address bar, which may hold an unreadable link),
// or say why there is none.
import { byId, show } from './dom.js';

/** True when the page runs as an embed (?embed=1). */
export function isEmbed() {
  return new URLSearchParams(location.search).get('embed') === '1';
}

/**
 * The hash of `href` (default: the address now) without '#', decoded from %-escapes a mail
 * client may have added.
 */
export function currentHash(href = location.href) {
  const raw = new URL(href).hash.replace(/^#/, '');
  // an in-page anchor (#figure, where the skip link points) names an element, not a state
  if (/^[A-Za-z][\w-]*$/.test(raw) && document.getElementById(raw)) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

let held = null;

/**
 * While a guided tour is open the address holds its link (`tour=…&stop=K`, www/tours.js):
 * `hash` is written and the page's own writes wait; null ends that (the page writes again).
 */
export function holdHash(hash) {
  held = hash;
  if (hash !== null && location.hash !== `#${hash}`) history.replaceState(history.state, '', `#${hash}`);
}

/** Put `hash` in the address bar without a new history entry (not while a tour holds it). */
export function writeHash(hash) {
  if (held !== null || location.hash === `#${hash}`) return;
  history.replaceState(history.state, '', `#${hash}`);
}

/** The address of this view in the full page (embed=1 removed). */
export function fullPageUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  return url.href;
}

/** This page's address with `#hash` (embed=1 kept as it is). */
export function linkTo(hash) {
  const url = new URL(location.href);
  url.hash = `#${hash}`;
  return url.href;
}

/**
 * The address `href` (default: this view) as an embed (embed=1 added) that opens on the host's
 * theme and type size (`theme`, `large`: what it shows now, so a slide deck's embed looks as
 * the lecturer set it up whatever the viewer's own settings).
 */
export function embedUrl(href = location.href, keys = null) {
  const url = new URL(href);
  url.searchParams.set('embed', '1');
  if (keys) url.searchParams.set('keys', keys);
  url.searchParams.set('theme', document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  url.searchParams.set('large', document.documentElement.classList.contains('large') ? '1' : '0');
  return url.href;
}

function attribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * What a deck's clicker moves in an embed (`?keys=`, www/keys.js): a tour's stops, the step
 * player's steps, or nothing (every key goes to the deck).
 */
export const CLICKER_TARGETS = { tour: 'the tour’s stops', steps: 'the player’s steps', none: 'nothing (the deck moves on)' };

/** What the clicker moves when a snippet does not say: the tour's stops in a tour, the steps where they are few, else nothing. */
export function defaultClickerTarget({ touring, steps }) {
  if (touring) return 'tour';
  return steps > 1 && steps <= 20 ? 'steps' : 'none';
}

/**
 * The <iframe> snippet for the view at `href` (default: this view): `keys` what a clicker
 * moves in it, `eager` whether it loads with the page (a deck's next slide is not blank while
 * it loads) rather than when scrolled to.
 */
export function embedSnippet(title, href = location.href, { keys = null, eager = true } = {}) {
  const loading = eager ? '' : ' loading="lazy"';
  return `<iframe src="${attribute(embedUrl(href, keys))}" width="800" height="600" style="border:0" title="${attribute(title)}"${loading}></iframe>`;
}

/** The clicker target an embed was made with (`?keys=`), or null: the default applies. */
export function clickerTarget() {
  const keys = new URLSearchParams(location.search).get('keys');
  return keys && Object.hasOwn(CLICKER_TARGETS, keys) ? keys : null;
}

/**
 * Copy `text`; resolves true when the clipboard took it. Without the clipboard API it copies
 * from `fallbackField` (a field showing the text), else from a scratch field it removes after,
 * giving focus back where it was.
 */
export async function copyText(text, fallbackField = null) {
  try {
    if (navigator.clipboard?.writeText) {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500));
      await Promise.race([navigator.clipboard.writeText(text), timeout]);
      return true;
    }
  } catch {
    // fall through: the old way, from a field
  }
  const before = document.activeElement;
  const field = fallbackField ?? document.body.appendChild(Object.assign(document.createElement('textarea'), { value: text, className: 'visually-hidden', tabIndex: -1 }));
  try {
    field.focus();
    field.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    if (!fallbackField) {
      field.remove();
      if (before instanceof HTMLElement) before.focus();
    }
  }
}

/**
 * The Share and Embed boxes. `link()` resolves to `{url, title, note}` (the link of the view
 * shown; `note` says what it leaves out, e.g. input that did not run) or `{error}` (why there is
 * no link: nothing ran yet, or the view is too large for a link). On an error nothing is copied.
 */
export class Sharing {
  /** `link()`: see above; `clicker()`: `{touring, steps}` of the view, for the snippet's default clicker target. */
  constructor({ link, clicker = () => ({ touring: false, steps: 0 }) }) {
    this.link = link;
    this.clicker = clicker;
    this.made = null;
    for (const id of ['embed-keys', 'embed-eager']) byId(id).addEventListener('change', () => this.#snippet());
    byId('share').addEventListener('click', () => this.share());
    byId('embed').addEventListener('click', () => this.embed());
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-close]'))) {
      button.addEventListener('click', () => this.close(byId(button.dataset.close)));
    }
    for (const box of [byId('share-box'), byId('embed-box')]) {
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') this.close(box);
        // modal while open: Tab and Shift+Tab go round the box's own controls (Tab left it
        // open behind the focus)
        if (event.key !== 'Tab') return;
        const stops = [...box.querySelectorAll('input, textarea, button, select')].filter((e) => !e.hidden && !e.disabled);
        const at = stops.indexOf(/** @type {HTMLElement} */ (document.activeElement));
        event.preventDefault();
        stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length]?.focus();
      });
    }
  }

  close(box) {
    show(box, false);
    const opener = box.id === 'share-box' ? byId('share') : byId('embed');
    opener.focus();
  }

  /** Open box `which` (share or embed) with `text` copied into its field, or with `made.error` and nothing copied. */
  async #open(which, made, text, copiedText) {
    const field = byId(which === 'share' ? 'share-link' : 'embed-code');
    const status = byId(`${which}-status`);
    const box = byId(`${which}-box`);
    show(byId(which === 'share' ? 'embed-box' : 'share-box'), false);
    show(box, true);
    box.classList.toggle('refused', Boolean(made.error));
    if (made.error) {
      field.value = '';
      status.textContent = made.error;
      box.querySelector('button.close')?.focus(); // (in the box: it is modal while open)
      return;
    }
    field.value = text;
    const copied = await copyText(text, field);
    const of = made.note ? ` — ${made.note}` : '';
    status.textContent = copied ? `${copiedText}${of}` : `Copy this ${which === 'share' ? 'link' : 'code'}${of}:`;
    field.focus();
    field.select();
  }

  async share() {
    const made = await this.link();
    await this.#open('share', made, made.url, 'Link copied');
  }

  async embed() {
    const made = await this.link();
    this.made = made;
    /** @type {HTMLSelectElement} */ (byId('embed-keys')).value = defaultClickerTarget(this.clicker());
    await this.#open('embed', made, made.error ? '' : this.#code(made), 'Embed code copied');
  }

  #code(made) {
    return embedSnippet(made.title ?? 'Topolab', made.url, { keys: /** @type {HTMLSelectElement} */ (byId('embed-keys')).value, eager: /** @type {HTMLInputElement} */ (byId('embed-eager')).checked });
  }

  /** The snippet again after its options changed, copied again. */
  async #snippet() {
    if (!this.made || this.made.error) return;
    const field = /** @type {HTMLTextAreaElement} */ (byId('embed-code'));
    field.value = this.#code(this.made);
    const copied = await copyText(field.value, field);
    byId('embed-status').textContent = copied ? 'Embed code copied, with these options' : 'Copy this code:';
  }
}
