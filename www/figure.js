// The figure area: shows the worker's SVG (or a message when there is none), fits it to the
// panel or zooms it, and reports clicks on channels (`data-ch`) and switches (`data-sw`). Dense
// figures are drawn on a canvas (figure-canvas.js); the legend stays a fixed-size overlay.
import { byId, el } from './dom.js';
import { DenseDrawing, channelCount, drawingExtent, unescape } from './figure-canvas.js';

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
/** The scale a click on an overview cell zooms the drawing to. */
const ZOOM_INTO = 0.5;
/**
 * Above this many channel lines the figure is drawn on a canvas: putting 16,128 <line>s into the
 * DOM blocked the page for 0.4–1.1 s. Lecture sizes (up to 256 switches) stay SVG elements.
 */
const DENSE_CHANNELS = 2500;

/** A channel line as the core writes it: class, id, stroke colour, tooltip. */
const CHANNEL = /<line class="([^"]*)" data-ch="(\d+)"[^>]*? stroke="([^"]*)"><title>([^<]*)<\/title><\/line>/g;
/** The highlight overlays drawn over selected / on-path / step channels. */
const HIGHLIGHT = /<line class="hl"[^>]*\/>/g;

/** A switch box as the core writes it, with the inline style that marks a step's switches. */
const SWITCH_MARK = /(<rect class="sw" data-sw="\d+"[^>]*?)(?: style="([^"]*)")?>/g;

/**
 * An SVG split into what comes before the channels, the channels and highlights, and the rest;
 * `marks` are the switches' inline styles (a walk's current switch), `plain` the rest without them.
 */
function frameOf(svg) {
  const start = svg.indexOf('<line class="ch');
  const end = svg.indexOf('<rect class="sw"');
  if (start < 0 || end < start) return null;
  const tail = svg.slice(end);
  const marks = [];
  const plain = tail.replace(SWITCH_MARK, (all, rect, style) => {
    marks.push(style ?? null);
    return `${rect}>`;
  });
  return { head: svg.slice(0, start), body: svg.slice(start, end), plain, marks };
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

/**
 * The shown copy without the strip the core leaves for its legend (the page shows the legend in
 * a fixed overlay instead; exports keep the core's SVG with its legend). A drawing narrower than
 * the legend was is centred in the same width, so small networks keep their size.
 */
function withoutLegendStrip(svg) {
  const extent = drawingExtent(svg);
  if (!extent || !svg.includes('<g class="legend"')) return svg;
  return svg.replace(/^(<svg[^>]*?) viewBox="0 0 ([\d.]+) ([\d.]+)" width="([\d.]+)" height="[\d.]+"/, (all, start, w, h, width) => {
    const left = Math.min(0, Math.floor((extent.width - Number(w)) / 2));
    const height = Math.min(Number(h), Math.ceil(extent.height));
    return `${start} viewBox="${left} 0 ${w} ${height}" width="${width}" height="${height}"`;
  });
}

/**
 * The core's legend (colour scale and caption) as a small SVG of its own, at scale 1. The caption
 * moves up beside the scale's numbers, under the title: two rows instead of three, as the
 * overlay's height is taken from the panel whatever the zoom.
 */
function legendSvg(svg) {
  const start = svg.indexOf('<g class="legend"');
  const end = svg.lastIndexOf('</g>');
  if (start < 0 || end < start) return null;
  const inner = svg.slice(svg.indexOf('>', start) + 1, end).replace(/(<text class="cap" x=")186(" y=")9(">[^<]*<\/text>)<text class="cap" x="0" y="48">/, '$1186$29$3<text class="cap" x="186" y="28">');
  const font = svg.match(/^<svg[^>]*? font-family="([^"]*)"/)?.[1] ?? 'system-ui, sans-serif';
  return `<svg xmlns="http://www.w3.org/2000/svg" class="legend-key" font-family="${font}"><g class="legend">${inner}</g></svg>`;
}

export class Figure {
  constructor({ onChannelClick, onSwitchClick = () => {} }) {
    this.box = byId('figure');
    this.label = 'Topology: channels coloured by slots used out of N; click a channel for its communications';
    this.callbacks = { onChannelClick, onSwitchClick };
    this.svgText = null;
    this.key = null; // the run the shown figure belongs to
    this.lines = [];
    this.switches = [];
    this.frame = null;
    this.dense = null; // the canvas drawing, while the shown figure is a dense one
    this.legend = null; // the legend overlay's source, to rebuild it only when it changes
    this.scale = null; // null: fit to the panel
    // a large network's overview (render/overview.rs): shown at Fit when the drawing would be
    // unreadable there; a click on a cell or + zooms into the drawing
    this.overview = null; // {svg, open, note}: the overview of the shown run, or null
    this.showingOverview = false;
    this.box.addEventListener('click', (event) => {
      const cell = event.target.closest?.('.ov-cell[data-sw]');
      if (cell && this.box.contains(cell)) return this.#zoomInto(Number(cell.dataset.sw));
      const sw = event.target.closest?.('[data-sw]');
      if (sw && this.box.contains(sw)) return onSwitchClick(Number(sw.dataset.sw));
      const line = event.target.closest?.('[data-ch]');
      if (line && this.box.contains(line)) onChannelClick(Number(line.dataset.ch));
    });
    byId('zoom-in').addEventListener('click', () => this.zoomBy(1.5));
    byId('zoom-out').addEventListener('click', () => this.zoomBy(1 / 1.5));
    byId('zoom-fit').addEventListener('click', () => this.fit());
    // any network above lecture size has an overview; this shows it even where the page opens
    // on the drawing (a 64×64 mesh), and leaves it for the drawing again
    byId('zoom-overview').addEventListener('click', () => (this.showingOverview ? this.#zoomInto(null, 1) : this.overview && this.#showOverview()));
    // the legend is measured as drawn: again when the panel is shown or resized, or large type toggled
    new ResizeObserver(() => this.#sizeLegend()).observe(this.box, { box: 'border-box' });
    new MutationObserver(() => this.#sizeLegend()).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    // For tests and scripts: where channel `ch` is on screen (client coordinates), scrolled into
    // view; a canvas has no element per channel to ask.
    this.box.channelPoint = (ch) => this.channelPoint(ch);
  }

  /** The figure's SVG for exports (the drawing, else the overview), or null for a message. */
  get svg() {
    return this.svgText ?? (this.showingOverview ? this.overview.svg : null);
  }

  /**
   * Show a figure of the worker (`{svg, error, overview, openOnOverview}`): at Fit, the
   * overview when the drawing would be unreadable (or cannot be drawn), else the drawing.
   */
  showFigure(fig, key = null) {
    this.overview = fig.overview ? { svg: fig.overview, open: fig.openOnOverview || !fig.svg, note: fig.svg ? null : fig.error } : null;
    if (!fig.svg) {
      this.svgText = null;
      this.key = key;
      return this.#showOverview();
    }
    if (this.overview?.open && this.scale === null) {
      this.svgText = fig.svg;
      this.key = key;
      return this.#showOverview();
    }
    // the overview stays while the user chose it; else the drawing (drawn afresh after the overview)
    if (this.showingOverview && this.overview && key !== null && key === this.key) {
      this.svgText = fig.svg;
      this.key = key;
      return this.#showOverview();
    }
    if (this.showingOverview) this.key = null; // the drawing is not in the DOM: draw it afresh
    this.showingOverview = false;
    this.showSvg(fig.svg, key);
    this.#overviewButton();
  }

  /** The Overview button: offered when the shown run has an overview, pressed while it shows. */
  #overviewButton() {
    const button = byId('zoom-overview');
    button.hidden = !this.overview || !this.svgText;
    button.setAttribute('aria-pressed', String(this.showingOverview));
  }

  /** The overview in the panel (fitted), with the reason when there is no drawing to zoom into. */
  #showOverview() {
    this.#leaveDense();
    this.showingOverview = true;
    this.lines = [];
    this.switches = [];
    this.frame = null;
    this.legend = null;
    this.box.classList.remove('has-legend');
    this.box.innerHTML = this.overview.svg;
    const element = this.#element();
    element?.setAttribute('role', 'img');
    element?.setAttribute('aria-label', `Overview: ${this.label}`);
    if (this.overview.note) this.box.prepend(el('p', { class: 'figure-message too-large', id: 'figure-message', text: this.overview.note }));
    this.scale = null;
    this.#applyScale();
    this.#overviewButton();
  }

  /** From the overview into the drawing: around switch `sw` at ZOOM_INTO (null: fitted, then ×`factor`). */
  #zoomInto(sw, factor = 1) {
    if (!this.svgText) return;
    this.showingOverview = false;
    this.#overviewButton();
    const key = this.key;
    this.key = null;
    this.scale = sw === null ? null : ZOOM_INTO; // a switch box about 15 px wide
    this.showSvg(this.svgText, key);
    if (sw === null) return this.zoomBy(factor);
    const rect = this.box.querySelector(`svg rect.sw[data-sw="${sw}"]`);
    if (rect) return rect.scrollIntoView({ block: 'center', inline: 'center' });
    this.dense?.centreOnSwitch(sw);
  }

  /**
   * Show `svg`, keeping the zoom and the scroll position. `key` names the run it belongs to:
   * another figure of the same run (a step, a selection) only changes channel classes, colours
   * and highlights, so those are patched in place, which keeps stepping through a 64×64 mesh
   * smooth; anything else replaces the whole figure.
   */
  showSvg(svg, key = null) {
    if (channelCount(svg) > DENSE_CHANNELS) return this.#showDense(svg, key);
    if (!this.dense && key !== null && key === this.key && this.#patch(svg)) {
      this.svgText = svg;
      return;
    }
    const { scrollLeft, scrollTop } = this.box;
    this.#leaveDense();
    this.key = key;
    this.svgText = svg;
    this.box.innerHTML = withArea(withoutLegendStrip(svg));
    this.legend = null;
    const element = this.#element();
    this.lines = element ? [...element.querySelectorAll('line.ch[data-ch]')] : [];
    this.switches = element ? [...element.querySelectorAll('rect.sw[data-sw]')] : [];
    this.frame = element ? frameOf(svg) : null;
    if (element) {
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', this.label);
    }
    this.#showLegend(svg);
    this.#applyScale();
    this.box.scrollLeft = scrollLeft;
    this.box.scrollTop = scrollTop;
  }

  /** A figure too dense for the DOM: on the canvas, patched when it is another view of the run. */
  #showDense(svg, key) {
    const patched = this.dense && key !== null && key === this.key && this.dense.patch(svg);
    this.svgText = svg;
    this.key = key;
    if (!patched) {
      if (!this.dense) {
        this.lines = [];
        this.switches = [];
        this.frame = null;
        this.box.replaceChildren();
        this.legend = null;
        this.dense = new DenseDrawing(this.box, { ...this.callbacks, label: this.label });
      }
      this.dense.show(svg);
    }
    this.#showLegend(svg);
    this.#applyScale();
  }

  #leaveDense() {
    this.dense?.destroy();
    this.dense = null;
  }

  /** Update the shown figure's channels to those of `svg`; false when it cannot be done. */
  #patch(svg) {
    const element = this.#element();
    const frame = frameOf(svg);
    if (!element || !this.frame || !frame || frame.head !== this.frame.head || frame.plain !== this.frame.plain) return false;
    if (frame.marks.length !== this.switches.length) return false;
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
    for (let i = 0; i < frame.marks.length; i++) {
      if (frame.marks[i] === this.frame.marks[i]) continue;
      if (frame.marks[i] === null) this.switches[i].removeAttribute('style');
      else this.switches[i].setAttribute('style', frame.marks[i]);
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

  /**
   * The legend in a corner of the panel at its natural size, whatever the zoom (the drawing's
   * own copy is hidden by the page's CSS and kept for exports). Rebuilt only when it changes.
   */
  #showLegend(svg) {
    const legend = legendSvg(svg);
    if (legend === this.legend && this.box.querySelector(':scope > .figure-legend')) return;
    this.legend = legend;
    this.box.querySelector(':scope > .figure-legend')?.remove();
    this.box.classList.toggle('has-legend', legend !== null);
    if (legend === null) return;
    const holder = el('div', { class: 'figure-legend' });
    holder.innerHTML = legend;
    this.box.append(holder);
    this.#sizeLegend();
  }

  /** Fit the legend overlay to its text as drawn now (the page's font; large type makes it larger). */
  #sizeLegend() {
    const key = this.box.querySelector(':scope > .figure-legend > svg');
    if (!key) return;
    let box = null;
    try {
      box = key.firstElementChild.getBBox();
    } catch {
      // not rendered (a hidden panel): estimated below
    }
    const [x, y, width, height] = box?.width ? [box.x, box.y, box.width, box.height] : [0, -2, 460, 54];
    const [w, h] = [Math.ceil(width + 8), Math.ceil(height + 6)];
    key.setAttribute('viewBox', `${Math.floor(x - 4)} ${Math.floor(y - 3)} ${w} ${h}`);
    key.setAttribute('width', String(w));
    key.setAttribute('height', String(h));
    this.box.style.setProperty('--legend-h', `${h}px`);
    this.#placeLegend();
  }

  /** Keep the legend above the horizontal scrollbar (its height: what the border box has extra). */
  #placeLegend() {
    if (!this.legend) return;
    const style = getComputedStyle(this.box);
    const bar = this.box.offsetHeight - this.box.clientHeight - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    this.box.style.setProperty('--figure-hbar', `${Math.max(0, bar)}px`);
  }

  /** The accessible description of the drawing (each lab says what its figure shows). */
  setLabel(text) {
    this.label = text;
    this.#element()?.setAttribute('aria-label', text);
    this.dense?.setLabel(text);
  }

  /**
   * Give the switches in `ids` the class `cls` (and take it from the others). Only the shown
   * copy changes, like the slant of axis-aligned lines; exports keep the core's SVG.
   */
  markSwitches(ids, cls) {
    if (this.dense) return this.dense.markSwitches(ids, cls);
    const wanted = new Set(ids.map(String));
    for (const rect of this.box.querySelectorAll('svg rect.sw[data-sw]')) {
      rect.classList.toggle(cls, wanted.has(rect.dataset.sw));
    }
  }

  /** Where channel `ch`'s middle is on screen (client coordinates), after scrolling it into view. */
  channelPoint(ch) {
    if (this.dense) return this.dense.channelPoint(ch);
    const line = this.#element()?.querySelector(`line.ch[data-ch="${ch}"]`);
    if (!line) return null;
    line.scrollIntoView({ block: 'center', inline: 'center' });
    const box = line.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Show a message instead of a figure (`kind`: "info" or "too-large"). */
  showMessage(text, kind = 'info') {
    this.#leaveDense();
    this.overview = null;
    this.showingOverview = false;
    this.#overviewButton();
    this.svgText = null;
    this.key = null;
    this.frame = null;
    this.lines = [];
    this.switches = [];
    this.legend = null;
    this.box.classList.remove('has-legend');
    this.box.replaceChildren(el('p', { class: `figure-message ${kind}`, id: 'figure-message', text }));
  }

  fit() {
    this.scale = null;
    if (this.overview?.open && !this.showingOverview) return this.#showOverview();
    this.#applyScale();
  }

  zoomBy(factor) {
    if (this.showingOverview) return factor > 1 ? this.#zoomInto(null, factor) : undefined;
    if (this.dense) {
      this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, (this.scale ?? this.dense.fitScale()) * factor));
      return this.#applyScale();
    }
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
    if (this.dense) {
      this.dense.setScale(this.scale);
      return this.#placeLegend();
    }
    const element = this.#element();
    if (!element) return;
    if (fit) {
      element.style.width = '';
      element.style.height = '';
    } else {
      element.style.width = `${Math.round(this.#naturalWidth(element) * this.scale)}px`;
      element.style.height = 'auto';
    }
    this.#placeLegend();
  }
}
