// Permalinks in the page: the URL hash (the worker encodes and decodes it), the embed flag,
// and the Share / Embed boxes that copy a link or an <iframe> snippet.
import { byId, show } from './dom.js';

/** True when the page runs as an embed (?embed=1). */
export function isEmbed() {
  return new URLSearchParams(location.search).get('embed') === '1';
}

/** The hash without '#', decoded from %-escapes a mail client may have added. */
export function currentHash() {
  const raw = location.hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Put `hash` in the address bar without a new history entry. */
export function writeHash(hash) {
  if (location.hash === `#${hash}`) return;
  history.replaceState(history.state, '', `#${hash}`);
}

/** The address of this view in the full page (embed=1 removed). */
export function fullPageUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  return url.href;
}

/** The address of this view as an embed (embed=1 added). */
export function embedUrl() {
  const url = new URL(location.href);
  url.searchParams.set('embed', '1');
  return url.href;
}

function attribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The <iframe> snippet for this view. */
export function embedSnippet(title) {
  return `<iframe src="${attribute(embedUrl())}" width="800" height="600" style="border:0" title="${attribute(title)}" loading="lazy"></iframe>`;
}

/** Copy `text`; resolves true when the clipboard took it. */
export async function copyText(text, fallbackField) {
  try {
    if (navigator.clipboard?.writeText) {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1500));
      await Promise.race([navigator.clipboard.writeText(text), timeout]);
      return true;
    }
  } catch {
    // fall through: the old way, from the visible field
  }
  try {
    fallbackField.focus();
    fallbackField.select();
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The Share and Embed boxes. `prepare()` resolves once the hash is up to date. */
export class Sharing {
  constructor({ prepare, title }) {
    this.prepare = prepare;
    this.title = title;
    byId('share').addEventListener('click', () => this.share());
    byId('embed').addEventListener('click', () => this.embed());
    for (const button of document.querySelectorAll('[data-close]')) {
      button.addEventListener('click', () => this.close(byId(button.dataset.close)));
    }
    for (const box of [byId('share-box'), byId('embed-box')]) {
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') this.close(box);
      });
    }
  }

  close(box) {
    show(box, false);
    const opener = box.id === 'share-box' ? byId('share') : byId('embed');
    opener.focus();
  }

  async share() {
    await this.prepare();
    const field = byId('share-link');
    field.value = location.href;
    show(byId('embed-box'), false);
    show(byId('share-box'), true);
    const copied = await copyText(location.href, field);
    byId('share-status').textContent = copied ? 'Link copied' : 'Copy this link:';
    field.focus();
    field.select();
  }

  async embed() {
    await this.prepare();
    const field = byId('embed-code');
    field.value = embedSnippet(this.title());
    show(byId('share-box'), false);
    show(byId('embed-box'), true);
    const copied = await copyText(field.value, field);
    byId('embed-status').textContent = copied ? 'Embed code copied' : 'Copy this code:';
    field.focus();
    field.select();
  }
}
