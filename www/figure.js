// The figure area: shows the worker's SVG (or a message when there is none), fits it to the
// panel or zooms it, and reports clicks on channels (`data-ch`) and switches (`data-sw`).
import { byId, el } from './dom.js';

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;

/** A channel line as the core writes it: class, id, stroke colour, tooltip. */
const CHANNEL = /<line class="([^"]*)" data-ch="(\d+)"[^>]*? stroke="([^"]*)"><title>([^<]*)<\/title><\/line>/g;
/** The highlight overlays drawn over selected / on-path / step channels. */
const HIGHLIGHT = /<line class="hl"[^>]*\/>/g;

/** An SVG split into what comes before the channels, the channels and highlights, and the rest. */
function frameOf(svg) {
  const start = svg.indexOf('<line class="ch');
  const end = svg.indexOf('<rect class="sw"');
  if (start < 0 || end < start) return null;
  return { head: svg.slice(0, start), body: svg.slice(start, end), tail: svg.slice(end) };
}

/**
 * A horizontal or vertical <line> has an empty bounding box, so tools that act only on what
 * has a box (Playwright's click, some accessibility tools) take it for hidden; an invisible
 * 0.05-unit slant gives it one. Only the shown copy changes; exports keep the core's SVG.
 */
function withArea(svg) {
  return svg.replace(/ x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"/g, (all, x1, y1, x2, y2) =>
    x1 === x2 || y1 === y2 ? ` x1="${x1}" y1="${y1}" x2="${x1 === x2 ? (Number(x2) + 0.05).toFixed(2) : x2}" y2="${y1 === y2 ? (Number(y2) + 0.05).toFixed(2) : y2}"` : all,
  );
}

function unescape(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

export class Figure {
  constructor({ onChannelClick, onSwitchClick = () => {} }) {
    this.box = byId('figure');
    this.label = 'Topology: channels coloured by slots used out of N; click a channel for its communications';
    this.svgText = null;
    this.key = null; // the run the shown figure belongs to
    this.lines = [];
    this.frame = null;
    this.scale = null; // null: fit to the panel
    this.box.addEventListener('click', (event) => {
      const sw = event.target.closest?.('[data-sw]');
      if (sw && this.box.contains(sw)) return onSwitchClick(Number(sw.dataset.sw));
      const line = event.target.closest?.('[data-ch]');
      if (line && this.box.contains(line)) onChannelClick(Number(line.dataset.ch));
    });
    byId('zoom-in').addEventListener('click', () => this.zoomBy(1.5));
    byId('zoom-out').addEventListener('click', () => this.zoomBy(1 / 1.5));
    byId('zoom-fit').addEventListener('click', () => this.fit());
  }

  /** The SVG shown now (a string), or null when a message is shown instead. */
  get svg() {
    return this.svgText;
  }

  /**
   * Show `svg`, keeping the zoom and the scroll position. `key` names the run it belongs to:
   * another figure of the same run (a step, a selection) only changes channel classes, colours
   * and highlights, so those are patched in place, which keeps stepping through a 64×64 mesh
   * smooth; anything else replaces the whole figure.
   */
  showSvg(svg, key = null) {
    if (key !== null && key === this.key && this.#patch(svg)) {
      this.svgText = svg;
      return;
    }
    const { scrollLeft, scrollTop } = this.box;
    this.key = key;
    this.svgText = svg;
    this.box.innerHTML = withArea(svg);
    const element = this.#element();
    this.lines = element ? [...element.querySelectorAll('line.ch[data-ch]')] : [];
    this.frame = element ? frameOf(svg) : null;
    if (element) {
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', this.label);
    }
    this.#applyScale();
    this.box.scrollLeft = scrollLeft;
    this.box.scrollTop = scrollTop;
  }

  /** Update the shown figure's channels to those of `svg`; false when it cannot be done. */
  #patch(svg) {
    const element = this.#element();
    const frame = frameOf(svg);
    if (!element || !this.frame || !frame || frame.head !== this.frame.head || frame.tail !== this.frame.tail) return false;
    const channels = [...frame.body.matchAll(CHANNEL)];
    if (channels.length !== this.lines.length) return false;
    for (let i = 0; i < channels.length; i++) if (this.lines[i].dataset.ch !== channels[i][2]) return false;
    for (let i = 0; i < channels.length; i++) {
      const [, cls, , stroke, title] = channels[i];
      const line = this.lines[i];
      if (line.getAttribute('class') !== cls) line.setAttribute('class', cls);
      if (line.getAttribute('stroke') !== stroke) line.setAttribute('stroke', stroke);
      const tip = line.firstElementChild;
      const text = unescape(title);
      if (tip && tip.textContent !== text) tip.textContent = text;
    }
    for (const old of element.querySelectorAll(':scope > line.hl')) old.remove();
    const highlights = frame.body.match(HIGHLIGHT);
    if (highlights) {
      const parsed = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${highlights.join('')}</svg>`, 'image/svg+xml');
      const anchor = element.querySelector(':scope > rect.sw');
      for (const node of [...parsed.documentElement.children]) element.insertBefore(document.importNode(node, true), anchor);
    }
    this.frame = frame;
    return true;
  }

  /** The accessible description of the drawing (each lab says what its figure shows). */
  setLabel(text) {
    this.label = text;
    this.#element()?.setAttribute('aria-label', text);
  }

  /**
   * Give the switches in `ids` the class `cls` (and take it from the others). Only the shown
   * copy changes, like the slant of axis-aligned lines; exports keep the core's SVG.
   */
  markSwitches(ids, cls) {
    const wanted = new Set(ids.map(String));
    for (const rect of this.box.querySelectorAll('svg rect.sw[data-sw]')) {
      rect.classList.toggle(cls, wanted.has(rect.dataset.sw));
    }
  }

  /** Show a message instead of a figure (`kind`: "info" or "too-large"). */
  showMessage(text, kind = 'info') {
    this.svgText = null;
    this.key = null;
    this.frame = null;
    this.lines = [];
    this.box.replaceChildren(el('p', { class: `figure-message ${kind}`, id: 'figure-message', text }));
  }

  fit() {
    this.scale = null;
    this.#applyScale();
  }

  zoomBy(factor) {
    const element = this.#element();
    if (!element) return;
    const natural = this.#naturalWidth(element);
    const naturalHeight = Number(element.getAttribute('height')) || natural;
    const box = element.getBoundingClientRect();
    // in fit mode the drawing is scaled to the smaller of the two ratios (preserveAspectRatio meet)
    const current = this.scale ?? Math.min(box.width / natural, box.height / naturalHeight);
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, current * factor));
    this.#applyScale();
  }

  #element() {
    return this.box.querySelector(':scope > svg');
  }

  #naturalWidth(element) {
    return Number(element.getAttribute('width')) || element.viewBox.baseVal?.width || 800;
  }

  #applyScale() {
    const fit = this.scale === null;
    this.box.classList.toggle('fit', fit);
    byId('zoom-fit').setAttribute('aria-pressed', String(fit));
    const element = this.#element();
    if (!element) return;
    if (fit) {
      element.style.width = '';
      element.style.height = '';
    } else {
      element.style.width = `${Math.round(this.#naturalWidth(element) * this.scale)}px`;
      element.style.height = 'auto';
    }
  }
}
