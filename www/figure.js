// The figure area: draws the worker's figure data (a drawing's geometry, sent once per network,
// and each view's marks: typed arrays, never markup) as SVG elements, or on a canvas when dense
// (figure-canvas.js); shows the overview of a large network (the worker's SVG) or a message when
// there is no figure; fits it to the panel or zooms it, and reports clicks on channels
// (`data-ch`) and switches (`data-sw`). The legend stays a fixed-size overlay.
import { byId, el } from './dom.js';
import { DenseDrawing, ENDPOINT_R, SWITCH_RX, channelClass, channelFlags, channelIndex, channelTitle, drawingExtent, growWidth, growable, highlightOf, switchMarkStyle } from './figure-canvas.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
/** The scale a click on an overview cell zooms the drawing to. */
const ZOOM_INTO = 0.5;
/**
 * Above this many channel lines the figure is drawn on a canvas: putting 16,128 <line>s into the
 * DOM blocked the page for 0.4–1.1 s. Lecture sizes (up to 256 switches) stay SVG elements.
 */
const DENSE_CHANNELS = 2500;
/** The colour scale's swatches in the legend (0, 5 %, … 100 % of the maximum). */
const SWATCHES = 21;
/** Where the legend's title starts, right of the scale (as in the exported SVG). */
const LEGEND_TEXT_X = 186;
/** Where the exported SVG puts the legend: this far in from the left. */
const LEGEND_MARGIN = 40;

/** Whether the worker sends the overview's SVG with a figure: never, when the page opens on it, always. */
export const OVERVIEW = { never: 0, whenOpen: 1, always: 2 };

/** A new SVG element with attributes (null values left out) and, optionally, its text. */
function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

/** A coordinate as the exported SVG writes it (one decimal). */
function fixed(x) {
  return x.toFixed(1);
}

/**
 * A channel's end points as attributes. A horizontal or vertical <line> has an empty bounding
 * box, so tools that act only on what has a box (Playwright's click, some accessibility tools)
 * take it for hidden; an invisible 0.05-unit slant gives it one. Only the shown copy has it;
 * exports are the core's SVG.
 */
function lineEnds(xy, o) {
  const [x1, y1, x2, y2] = [fixed(xy[o]), fixed(xy[o + 1]), fixed(xy[o + 2]), fixed(xy[o + 3])];
  return {
    x1,
    y1,
    x2: x1 === x2 ? (Number(x2) + 0.05).toFixed(2) : x2,
    y2: y1 === y2 ? (Number(y2) + 0.05).toFixed(2) : y2,
  };
}

/** The colour scale: its swatches and the numbers at both ends. */
function scaleParts(geometry, marks) {
  const last = geometry.palette.length - 1;
  const parts = [];
  for (let i = 0; i < SWATCHES; i++) {
    const colour = geometry.palette[Math.round((i / (SWATCHES - 1)) * last)];
    parts.push(svgEl('rect', { x: fixed(i * 8), y: '0', width: '8', height: '10', fill: colour }));
  }
  parts.push(svgEl('text', { class: 'cap', x: '0', y: '26' }, '0'), svgEl('text', { class: 'cap', x: '168', y: '26', 'text-anchor': 'end' }, String(marks.max_value)));
  return parts;
}

/**
 * The colour scale with its title, and the caption (only the caption when nothing is loaded), as
 * the exported SVG draws it.
 */
function legendParts(geometry, marks) {
  if (marks.max_value === 0) return [svgEl('text', { class: 'cap', x: '0', y: '12' }, marks.caption)];
  return [...scaleParts(geometry, marks), svgEl('text', { class: 'cap', x: String(LEGEND_TEXT_X), y: '9' }, marks.legend), svgEl('text', { class: 'cap', x: '0', y: '48' }, marks.caption)];
}

/**
 * The page's legend overlay: the colour scale (an SVG sized in em, so large type enlarges it),
 * then its title and the caption as text that wraps to the panel (only the caption when
 * nothing is loaded).
 */
function legendOverlay(geometry, marks) {
  const words = el('span', { class: 'legend-words' });
  if (marks.max_value > 0) words.append(el('span', { class: 'legend-title', text: marks.legend }));
  words.append(el('span', { class: 'legend-caption', text: marks.caption }));
  if (marks.max_value === 0) return el('div', { class: 'figure-legend' }, words);
  const scale = svgEl('svg', { class: 'legend-key', viewBox: '-1 -1 170 31', 'font-family': geometry.font_family, 'aria-hidden': 'true' });
  scale.append(...scaleParts(geometry, marks));
  return el('div', { class: 'figure-legend' }, scale, words);
}

export class Figure {
  /**
   * `requestFigure()` asks the page for the shown view's figure again (with `overviewMode`): the
   * figure calls it when it must show an overview whose SVG it does not hold.
   */
  /**
   * @param {{onChannelClick: (channel: number | null) => void, onSwitchClick?: (sw: number) => void, requestFigure?: () => void}} callbacks
   */
  constructor({ onChannelClick, onSwitchClick = () => {}, requestFigure = () => {} }) {
    this.box = byId('figure');
    this.label = 'Topology: channels coloured by slots used out of N';
    this.callbacks = { onChannelClick, onSwitchClick };
    this.requestFigure = requestFigure;
    this.key = null; // the run the shown figure belongs to
    this.drawing = null; // {key, geometry, marks} of the shown run, or null when it has none
    this.built = null; // the key of the geometry whose SVG elements (or canvas) are in the panel
    this.lines = []; // the channels' <line>s, in the geometry's channel order
    this.switches = []; // the switches' <rect>s, by id
    this.highlights = []; // the overlays over selected / step / on-path channels
    this.marked = []; // the switches drawn with the step's mark
    this.legendGroup = null; // the drawing's own legend (hidden on the page, like the exported one's strip)
    this.dense = null; // the canvas drawing, while the shown figure is a dense one
    this.legend = null; // what the legend overlay shows, to rebuild it only when it changes
    this.scale = null; // null: fit to the panel
    // a large network's overview (render/overview.rs): shown at Fit when the drawing would be
    // unreadable there; a click on a cell or + zooms into the drawing
    this.overview = null; // {svg, open, note}: the overview of the shown run (svg null: not sent with this view), or null
    this.showingOverview = false;
    this.wantOverview = false; // the overview was asked for and is on its way
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
    byId('zoom-overview').addEventListener('click', () => (this.showingOverview ? this.#zoomInto(null, 1) : this.overview && this.#openOverview()));
    // the legend is measured as drawn: again when the panel is shown or resized, or large type toggled
    new ResizeObserver(() => {
      this.#sizeLegend();
      this.#noteScale();
    }).observe(this.box, { box: 'border-box' });
    new MutationObserver(() => this.#sizeLegend()).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    // For tests and scripts: where channel `ch` is on screen (client coordinates), scrolled into
    // view; a canvas has no element per channel to ask.
    this.box.channelPoint = (ch) => this.channelPoint(ch);
  }

  /**
   * What the next figure request should ask of the overview (OVERVIEW): always while it is shown
   * or asked for, when the page may open on it at Fit, never while zoomed into the drawing.
   */
  get overviewMode() {
    if (this.showingOverview || this.wantOverview) return OVERVIEW.always;
    return this.scale === null ? OVERVIEW.whenOpen : OVERVIEW.never;
  }

  /** The overview's SVG while it is shown (what an export of the panel writes), else null. */
  get shownOverview() {
    return this.showingOverview ? this.overview?.svg ?? null : null;
  }

  /** Whether the shown run has a drawing (its export is the worker's SVG of it). */
  get hasDrawing() {
    return this.drawing !== null;
  }

  /**
   * The part of the drawing on screen, in its units ({x, y, width, height, scale: screen px per
   * unit, whole: all of it in view}); null when no drawing is shown (the overview, a message).
   */
  get visibleRegion() {
    if (this.showingOverview || !this.drawing) return null;
    if (this.dense) return this.dense.visibleRegion();
    const element = this.#element();
    const ctm = element?.getScreenCTM();
    const vb = element?.viewBox.baseVal;
    if (!ctm || !vb?.width) return null;
    const box = this.box.getBoundingClientRect();
    const [left, top] = [box.left + this.box.clientLeft, box.top + this.box.clientTop];
    const inverse = ctm.inverse();
    const a = new DOMPoint(left, top).matrixTransform(inverse);
    const b = new DOMPoint(left + this.box.clientWidth, top + this.box.clientHeight).matrixTransform(inverse);
    const [x0, y0] = [Math.max(vb.x, a.x), Math.max(vb.y, a.y)];
    const [x1, y1] = [Math.min(vb.x + vb.width, b.x), Math.min(vb.y + vb.height, b.y)];
    const whole = x0 <= vb.x + 0.5 && y0 <= vb.y + 0.5 && x1 >= vb.x + vb.width - 0.5 && y1 >= vb.y + vb.height - 0.5;
    return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0), scale: ctm.a, whole };
  }

  /**
   * The zoom a shared link keeps: `{scale, x, y}`, the scale and the drawing's point at the middle
   * of the panel (drawing units); null at Fit or on the overview.
   */
  get zoomView() {
    const region = this.scale === null ? null : this.visibleRegion;
    if (!region) return null;
    const round = (v) => Math.round(v * 100) / 100;
    return { scale: round(this.scale), x: round(region.x + region.width / 2), y: round(region.y + region.height / 2) };
  }

  /** Zoom as a shared link says (`zoomView`): into the drawing at its scale, its point in the middle. */
  setZoomView(view) {
    if (!view || !this.drawing) return;
    this.showingOverview = false;
    this.wantOverview = false;
    this.#overviewButton();
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale));
    this.#showDrawing();
    this.#applyScale();
    if (this.dense) return this.dense.centreOn(view.x, view.y);
    const ctm = this.#element()?.getScreenCTM();
    if (!ctm) return;
    const at = new DOMPoint(view.x, view.y).matrixTransform(ctm);
    const box = this.box.getBoundingClientRect();
    this.box.scrollLeft += at.x - (box.left + this.box.clientLeft + this.box.clientWidth / 2);
    this.box.scrollTop += at.y - (box.top + this.box.clientTop + this.box.clientHeight / 2);
  }

  /**
   * Show a figure of the worker (`{drawing, error, hasOverview, overview, openOnOverview}`, the
   * drawing's geometry filled in by the page): at Fit, the overview when the drawing would be
   * unreadable (or cannot be drawn), else the drawing. `key` names the run it belongs to.
   */
  showFigure(fig, key = null) {
    const sameRun = key !== null && key === this.key;
    this.key = key;
    if (!sameRun) this.wantOverview = false;
    this.drawing = fig.drawing?.geometry ? fig.drawing : null;
    const hasOverview = Boolean(fig.hasOverview || fig.overview);
    this.overview = hasOverview ? { svg: fig.overview ?? null, open: Boolean(fig.openOnOverview) || !this.drawing, note: this.drawing ? null : fig.error ?? null } : null;
    // the overview stays while the user chose it (or asked for it); else the drawing
    const overviewFirst = !this.drawing || (this.overview?.open && this.scale === null) || (sameRun && (this.showingOverview || this.wantOverview));
    if (this.overview && overviewFirst) {
      if (this.#openOverview()) return;
      // its SVG is on its way: the overview shown stays until then, else the drawing or a word
      if (this.showingOverview) return this.#overviewButton();
      if (!this.drawing) return this.#placeholder('Loading the overview…');
    }
    if (!this.drawing) return this.showMessage(fig.error ?? 'No figure for this run.', 'too-large');
    this.showingOverview = false;
    this.#showDrawing();
    this.#overviewButton();
  }

  /** The Overview button: offered when the shown run has an overview and a drawing, pressed while the overview shows. */
  #overviewButton() {
    const button = byId('zoom-overview');
    button.hidden = !this.overview || !this.drawing;
    button.setAttribute('aria-pressed', String(this.showingOverview));
  }

  /** Show the overview if its SVG is held (true), else ask for it (the figure comes back through `showFigure`). */
  #openOverview() {
    if (!this.overview) return false;
    if (this.overview.svg) {
      this.#showOverview();
      return true;
    }
    if (!this.wantOverview) {
      this.wantOverview = true;
      this.requestFigure();
    }
    return false;
  }

  /** Nothing of the drawing in the panel (the overview or a message replaces it). */
  #clearDrawing() {
    this.#leaveDense();
    this.built = null;
    this.lines = [];
    this.switches = [];
    this.highlights = [];
    this.marked = [];
    this.legendGroup = null;
    this.legend = null;
    this.box.classList.remove('has-legend');
  }

  /** The overview in the panel (fitted), with the reason when there is no drawing to zoom into. */
  #showOverview() {
    this.#clearDrawing();
    this.showingOverview = true;
    this.wantOverview = false;
    // the core's overview SVG, as it is (a chart of one cell per switch; nothing of it is read back)
    this.box.innerHTML = this.overview.svg;
    const element = this.#element();
    element?.setAttribute('role', 'img');
    element?.setAttribute('aria-label', `Overview: ${this.label}`);
    if (this.overview.note) this.box.prepend(el('p', { class: 'figure-message too-large', id: 'figure-message', text: this.overview.note }));
    this.scale = null;
    this.#applyScale();
    this.#overviewButton();
  }

  /** A word in the panel while what it will show is on its way. */
  #placeholder(text) {
    this.#clearDrawing();
    this.showingOverview = false;
    this.box.replaceChildren(el('p', { class: 'figure-message info', text }));
    this.#overviewButton();
  }

  /** From the overview into the drawing: around switch `sw` at ZOOM_INTO (null: fitted, then ×`factor`). */
  #zoomInto(sw, factor = 1) {
    if (!this.drawing) return;
    this.showingOverview = false;
    this.wantOverview = false;
    this.#overviewButton();
    this.scale = sw === null ? null : ZOOM_INTO; // a switch box about 15 px wide
    this.#showDrawing();
    if (sw === null) return this.zoomBy(factor);
    const rect = this.switches[sw];
    if (rect) return rect.scrollIntoView({ block: 'center', inline: 'center' });
    this.dense?.centreOnSwitch(sw);
  }

  /**
   * Draw the held drawing, keeping the zoom and the scroll position. Another view of the
   * geometry in the panel (a step, a selection) only changes channel classes, colours, tooltips,
   * highlights, switch marks and the legend, which keeps stepping through a 64×64 mesh smooth; a
   * new geometry is built afresh.
   */
  #showDrawing() {
    const { geometry, marks } = this.drawing;
    if (geometry.channels.length > DENSE_CHANNELS) return this.#showDense(geometry, marks);
    if (!this.dense && this.built === geometry.key && this.#element()) {
      this.#mark(geometry, marks);
      this.#showLegend(geometry, marks);
      return;
    }
    const { scrollLeft, scrollTop } = this.box;
    this.#clearDrawing();
    const element = this.#build(geometry);
    this.box.replaceChildren(element);
    this.built = geometry.key;
    this.#mark(geometry, marks);
    this.#showLegend(geometry, marks);
    this.#applyScale();
    this.box.scrollLeft = scrollLeft;
    this.box.scrollTop = scrollTop;
  }

  /**
   * The SVG elements of `geometry`, as the exported SVG has them (src/render/svg.rs), without
   * the view's marks (`#mark`). The shown copy has no legend strip: its height is cut to the
   * drawing's extent, and a drawing narrower than the legend was is centred in the same width,
   * so small networks keep their size.
   */
  #build(geometry) {
    const width = geometry.width.toFixed(0);
    let [left, height] = [0, geometry.height.toFixed(0)];
    const extent = drawingExtent(geometry);
    if (extent) {
      left = Math.min(0, Math.floor((extent.width - Number(width)) / 2));
      height = String(Math.min(Number(height), Math.ceil(extent.height)));
    }
    const svg = svgEl('svg', { class: 'topology', viewBox: `${left} 0 ${width} ${height}`, width, height, 'font-family': geometry.font_family, role: 'img', 'aria-label': this.label });
    svg.append(svgEl('style', {}, growable(geometry.css)));
    // end nodes first, so switches and channels are drawn over their links
    const { switches: centres, endpoints, endpoint_switches: owners } = geometry;
    for (let e = 0; e < owners.length; e++) {
      const s = owners[e];
      const [x, y] = [fixed(endpoints[2 * e]), fixed(endpoints[2 * e + 1])];
      svg.append(
        svgEl('line', { class: 'ep-link', x1: fixed(centres[2 * s]), y1: fixed(centres[2 * s + 1]), x2: x, y2: y }),
        svgEl('circle', { class: 'ep', cx: x, cy: y, r: String(ENDPOINT_R) }),
      );
      svg.lastChild.append(svgEl('title', {}, `endpoint ${e}`));
    }
    this.lines = [];
    for (let i = 0; i < geometry.channels.length; i++) {
      const line = svgEl('line', { class: 'ch', 'data-ch': String(geometry.channels[i]), ...lineEnds(geometry.channel_xy, 4 * i) });
      line.append(svgEl('title'));
      this.lines.push(line);
    }
    svg.append(...this.lines);
    // the highlights go here (`#mark`), between the channels and the switches
    const half = geometry.box_size / 2;
    const side = fixed(geometry.box_size);
    this.switches = [];
    for (let s = 0; s < centres.length / 2; s++) {
      const [x, y] = [centres[2 * s], centres[2 * s + 1]];
      const rect = svgEl('rect', { class: 'sw', 'data-sw': String(s), x: fixed(x - half), y: fixed(y - half), width: side, height: side, rx: String(SWITCH_RX) });
      rect.append(svgEl('title', {}, `switch ${s}`));
      this.switches.push(rect);
      svg.append(rect);
      // (the numbers are the drawing's, not text to read out: the switches' titles name them)
      if (geometry.labels) svg.append(svgEl('text', { class: 'lbl', x: fixed(x), y: fixed(y), 'aria-hidden': 'true' }, String(s)));
    }
    // the drawing's own legend, scaled with it (hidden by the page's CSS: the overlay shows it)
    this.legendGroup = svgEl('g', { class: 'legend', transform: `translate(${LEGEND_MARGIN},${geometry.legend_y.toFixed(0)}) scale(${geometry.grow.toFixed(3)})` });
    svg.append(this.legendGroup);
    return svg;
  }

  /** Put the view's `marks` on the SVG elements of `geometry` in the panel. */
  #mark(geometry, marks) {
    const flags = channelFlags(geometry, marks);
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i];
      const cls = channelClass(flags[i]);
      if (line.getAttribute('class') !== cls) line.setAttribute('class', cls);
      const stroke = geometry.palette[marks.colours[i]];
      if (line.getAttribute('stroke') !== stroke) line.setAttribute('stroke', stroke);
      const tip = channelTitle(geometry, marks, i);
      if (line.firstChild.textContent !== tip) line.firstChild.textContent = tip;
      // for a screen reader, named only where it carries something or is marked (it met ~120
      // "l(0,1): 0 / 0"); the tooltip stays for the pointer
      const quiet = !marks.values[i] && !flags[i];
      if (line.hasAttribute('aria-hidden') !== quiet) {
        if (quiet) line.setAttribute('aria-hidden', 'true');
        else line.removeAttribute('aria-hidden');
      }
    }
    // the overlays over the selected, step and on-path channels, under the switches
    for (const old of this.highlights) old.remove();
    this.highlights = [];
    const opacity = String(geometry.highlight_opacity);
    for (let i = 0; i < flags.length; i++) {
      const over = flags[i] && highlightOf(geometry, flags[i]);
      if (!over) continue;
      const [o, xy] = [4 * i, geometry.channel_xy];
      this.highlights.push(svgEl('line', { class: 'hl', x1: fixed(xy[o]), y1: fixed(xy[o + 1]), x2: fixed(xy[o + 2]), y2: fixed(xy[o + 3]), stroke: over.colour, 'stroke-opacity': opacity, style: `stroke-width:${growWidth(fixed(over.width))}` }));
    }
    const anchor = this.switches[0] ?? this.legendGroup;
    for (const line of this.highlights) anchor.before(line);
    // the switches the step points at
    for (const s of this.marked) this.switches[s]?.removeAttribute('style');
    this.marked = marks.step_switches.filter((s) => this.switches[s]);
    const style = switchMarkStyle(geometry);
    for (const s of this.marked) this.switches[s].setAttribute('style', style);
    this.legendGroup?.replaceChildren(...legendParts(geometry, marks));
  }

  /** A figure too dense for the DOM: on the canvas, taking only the marks when it is another view of the geometry drawn. */
  #showDense(geometry, marks) {
    if (this.dense && this.built === geometry.key) {
      this.dense.patch(marks);
    } else {
      if (!this.dense) {
        this.#clearDrawing();
        this.box.replaceChildren();
        this.dense = new DenseDrawing(this.box, { ...this.callbacks, label: this.label });
      }
      this.dense.show(geometry, marks);
      this.built = geometry.key;
    }
    this.#showLegend(geometry, marks);
    this.#applyScale();
  }

  #leaveDense() {
    this.dense?.destroy();
    this.dense = null;
  }

  /**
   * The legend in a corner of the panel at its natural size, whatever the zoom (the drawing's
   * own copy is hidden by the page's CSS). Rebuilt only when it changes.
   */
  #showLegend(geometry, marks) {
    const shows = JSON.stringify([geometry.font_family, geometry.palette.length, marks.max_value, marks.legend, marks.caption]);
    if (shows === this.legend && this.box.querySelector(':scope > .figure-legend')) return;
    this.legend = shows;
    this.box.querySelector(':scope > .figure-legend')?.remove();
    this.box.classList.add('has-legend');
    this.box.append(legendOverlay(geometry, marks));
    this.#sizeLegend();
  }

  /** Reserve the legend's height under the drawing (it wraps to the panel's width; large type makes it larger). */
  #sizeLegend() {
    const legend = this.box.querySelector(':scope > .figure-legend');
    if (!legend) return;
    this.box.style.setProperty('--legend-h', `${Math.ceil(legend.getBoundingClientRect().height)}px`);
    this.#placeLegend();
  }

  /** Keep the legend above the horizontal scrollbar (its height: what the border box has extra). */
  #placeLegend() {
    if (!this.legend) return;
    const style = getComputedStyle(this.box);
    const bar = this.box.offsetHeight - this.box.clientHeight - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    this.box.style.setProperty('--figure-hbar', `${Math.max(0, bar)}px`);
  }

  /** The text alternative of what the figure shows at this step (the panel's aria-describedby). */
  describe(text) {
    byId('figure-description').textContent = text;
  }

  /** The accessible description of the drawing (each lab says what its figure shows). */
  setLabel(text) {
    this.label = text;
    this.#element()?.setAttribute('aria-label', this.showingOverview ? `Overview: ${text}` : text);
    this.dense?.setLabel(text);
  }

  /**
   * Give the switches in `ids` the class `cls` (and take it from the others). Only the shown
   * copy changes; exports are the core's SVG.
   */
  markSwitches(ids, cls) {
    if (this.dense) return this.dense.markSwitches(ids, cls);
    const wanted = new Set(ids.map(Number));
    for (let s = 0; s < this.switches.length; s++) this.switches[s].classList.toggle(cls, wanted.has(s));
  }

  /** Where channel `ch`'s middle is on screen (client coordinates), after scrolling it into view. */
  channelPoint(ch) {
    if (this.dense) return this.dense.channelPoint(ch);
    const i = this.built && this.drawing ? channelIndex(this.drawing.geometry, ch) : -1;
    const line = this.lines[i];
    if (!line) return null;
    line.scrollIntoView({ block: 'center', inline: 'center' });
    const box = line.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Show a message instead of a figure (`kind`: "info" or "too-large"). */
  showMessage(text, kind = 'info') {
    this.#clearDrawing();
    this.key = null;
    this.drawing = null;
    this.overview = null;
    this.showingOverview = false;
    this.wantOverview = false;
    this.#overviewButton();
    this.box.replaceChildren(el('p', { class: `figure-message ${kind}`, id: 'figure-message', text }));
  }

  fit() {
    this.scale = null;
    this.wantOverview = false;
    if (this.overview?.open && !this.showingOverview && this.#openOverview()) return;
    this.#applyScale();
  }

  zoomBy(factor) {
    if (this.showingOverview) return factor > 1 ? this.#zoomInto(null, factor) : undefined;
    this.wantOverview = false;
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
    this.#noteScale();
  }

  /**
   * The drawing's screen px per unit as `--figure-scale` on the panel: on a phone the CSS grows
   * the labels and the switch marks by it so that the labels read at 9 px or more (style.css).
   */
  #noteScale() {
    const scale = this.dense ? null : this.#element()?.getScreenCTM()?.a;
    if (scale) this.box.style.setProperty('--figure-scale', scale.toFixed(3));
  }
}
