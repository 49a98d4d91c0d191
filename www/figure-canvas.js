// The figure's dense layer: a drawing (geometry and marks from the WASM module, typed arrays)
// painted on a <canvas> when it has more elements than the DOM can take without stalling the page
// (a 64×64 mesh: 16,128 channels), with the SVG's zoom, scroll, clicks, tooltips and CSS colours.
// figure.js decides when to use it. Also the helpers both figure modes read the marks with.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A line width (in user units) that large type (A+, `--mark-grow` on the root) widens. */
export function growWidth(width) {
  return `calc(${width}px * var(--mark-grow, 1))`;
}

/**
 * The drawing's style (the core's, as the exported SVG has it) with every line width made
 * `growWidth`, so A+ widens the page's copy; the exports keep the core's widths.
 */
export function growable(css) {
  return css.replace(/stroke-width:([\d.]+)/g, (_, width) => `stroke-width:${growWidth(width)}`);
}

/** Channel classes as bits; a larger value is drawn later (on top), as the CSS gives it wider strokes. */
export const FLAGS = { busiest: 1, 'on-path': 2, step: 4, selected: 8 };
/** The class attribute of a channel line for each combination of FLAGS. */
const CLASS_NAMES = Array.from({ length: 16 }, (_, bits) => ['ch', ...Object.keys(FLAGS).filter((name) => bits & FLAGS[name])].join(' '));
/** End nodes are drawn as circles of this radius (as in the exported SVG). */
export const ENDPOINT_R = 3;
/** Corner radius of a switch box. */
export const SWITCH_RX = 4;
/** How close (screen px) a pointer must be to a channel to hit it. */
const HIT_PX = 5;

/** The class attribute of a channel line with `bits` (FLAGS). */
export function channelClass(bits) {
  return CLASS_NAMES[bits];
}

const positions = new WeakMap();
/** Where channel id `ch` is in the geometry's per-channel arrays, or −1 when it is not drawn. */
export function channelIndex(geometry, ch) {
  let index = positions.get(geometry);
  if (!index) {
    const ids = geometry.channels;
    let size = 0;
    for (let i = 0; i < ids.length; i++) size = Math.max(size, ids[i] + 1);
    index = new Int32Array(size).fill(-1);
    for (let i = 0; i < ids.length; i++) index[ids[i]] = i;
    positions.set(geometry, index);
  }
  return Number.isInteger(ch) && ch >= 0 && ch < index.length ? index[ch] : -1;
}

/** Per drawn channel, its FLAGS in view `marks` (busiest, on the selected channel's paths, the step's, selected). */
export function channelFlags(geometry, marks) {
  const flags = new Uint8Array(geometry.channels.length);
  const mark = (ids, bit) => {
    for (const ch of ids) {
      const i = channelIndex(geometry, ch);
      if (i >= 0) flags[i] |= bit;
    }
  };
  mark(marks.busiest, FLAGS.busiest);
  mark(marks.on_path, FLAGS['on-path']);
  mark(marks.step_channels, FLAGS.step);
  if (marks.selected !== null && marks.selected !== undefined) mark([marks.selected], FLAGS.selected);
  return flags;
}

/** The overlay drawn over a channel with `bits`: the selected one's, else the step's, else the path's (null: none). */
export function highlightOf(geometry, bits) {
  if (bits & FLAGS.selected) return geometry.selected;
  if (bits & FLAGS.step) return geometry.step;
  if (bits & FLAGS['on-path']) return geometry.on_path;
  return null;
}

/** The tooltip of the drawn channel at index `i`: its ends and its value on the scale. */
export function channelTitle(geometry, marks, i) {
  return `l(${geometry.channel_ends[2 * i]},${geometry.channel_ends[2 * i + 1]}): ${marks.values[i]} / ${marks.max_value}`;
}

/** The inline style of a switch the step points at (an inline style, as the .sw class rule would override an attribute). */
export function switchMarkStyle(geometry) {
  return `stroke:${geometry.switch_mark.colour};stroke-width:${geometry.switch_mark.width.toFixed(1)}`;
}

/**
 * The drawing's size without the strip the core leaves below it for the legend (the page shows
 * the legend in a fixed overlay): the switches' and end nodes' extent with the left and top
 * margins mirrored. Null when there is nothing to measure.
 */
export function drawingExtent(geometry) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const reach = (xy, r) => {
    for (let o = 0; o < xy.length; o += 2) {
      const [x, y] = [xy[o], xy[o + 1]];
      if (x - r < minX) minX = x - r;
      if (y - r < minY) minY = y - r;
      if (x + r > maxX) maxX = x + r;
      if (y + r > maxY) maxY = y + r;
    }
  };
  reach(geometry.switches, geometry.box_size / 2);
  reach(geometry.endpoints, ENDPOINT_R);
  return Number.isFinite(minX) ? { width: maxX + Math.max(0, minX), height: maxY + Math.max(0, minY) } : null;
}

/** Squared distance from (px, py) to the segment (x1, y1)–(x2, y2). */
function segmentDistance2(px, py, x1, y1, x2, y2) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2)) : 0;
  const ex = x1 + t * dx - px;
  const ey = y1 + t * dy - py;
  return ex * ex + ey * ey;
}

export class DenseDrawing {
  /**
   * Draws into `box` (the scrolling #figure): a spacer sized to the zoomed drawing gives the
   * scrollbars, and a sticky canvas the size of the visible box is redrawn for what is in view.
   */
  constructor(box, { onChannelClick, onSwitchClick, label }) {
    this.box = box;
    this.key = null; // the key of the geometry drawn
    this.scale = null; // null: fit to the panel
    this.marks = new Map(); // CSS class → switch ids (markSwitches)
    this.styles = new Map(); // probed computed styles, cleared when the theme or lab changes
    this.hover = null;
    this.frame = 0;
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', label);
    // A hidden SVG holding the figure's <style> and one element per class combination asked
    // about: the page's CSS (themes, large type, labs' rules for marked switches) stays the only
    // source of colours and widths.
    this.probe = document.createElementNS(SVG_NS, 'svg');
    this.probe.setAttribute('class', 'figure-probe');
    this.probe.setAttribute('aria-hidden', 'true');
    this.spacer = Object.assign(document.createElement('div'), { className: 'dense-view' });
    this.spacer.append(this.probe, this.canvas);
    box.append(this.spacer);
    box.classList.add('dense');

    const redraw = () => this.draw();
    this.listeners = [
      [box, 'scroll', redraw],
      [this.canvas, 'click', (event) => {
        const hit = this.#hit(event.clientX, event.clientY);
        if (hit?.kind === 'switch') onSwitchClick(hit.id);
        else if (hit?.kind === 'channel') onChannelClick(hit.id);
      }],
      [this.canvas, 'mousemove', (event) => this.#hovered(event.clientX, event.clientY)],
      [this.canvas, 'mouseleave', () => this.#hovered(null, null)],
    ];
    for (const [target, type, fn] of this.listeners) target.addEventListener(type, fn, { passive: true });
    this.resize = new ResizeObserver(redraw);
    this.resize.observe(box);
    // the theme, large type and the shown lab change what the CSS gives the drawing
    this.restyle = new MutationObserver(() => {
      this.styles.clear();
      this.draw();
    });
    this.restyle.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    this.restyle.observe(document.body, { attributes: true, attributeFilter: ['data-lab'] });
  }

  destroy() {
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
    this.resize.disconnect();
    this.restyle.disconnect();
    cancelAnimationFrame(this.frame);
    cancelAnimationFrame(this.hover);
    this.box.classList.remove('dense');
    this.spacer.remove();
  }

  /** Show a new drawing: `geometry` (positions, the stylesheet) with the view's `marks`. */
  show(geometry, marks) {
    this.geometry = geometry;
    this.key = geometry.key;
    this.xy = geometry.channel_xy;
    this.ids = geometry.channels;
    const count = geometry.switches.length / 2;
    const [box, half] = [geometry.box_size, geometry.box_size / 2];
    // x, y, width, height, rx per switch, in id order
    this.rects = new Float64Array(5 * count);
    for (let s = 0; s < count; s++) this.rects.set([geometry.switches[2 * s] - half, geometry.switches[2 * s + 1] - half, box, box, SWITCH_RX], 5 * s);
    // an end node's link runs from its switch's centre to it
    const ends = geometry.endpoints.length / 2;
    this.endpointLinks = new Float64Array(4 * ends);
    for (let e = 0; e < ends; e++) {
      const s = geometry.endpoint_switches[e];
      this.endpointLinks.set([geometry.switches[2 * s], geometry.switches[2 * s + 1], geometry.endpoints[2 * e], geometry.endpoints[2 * e + 1]], 4 * e);
    }
    this.extent = drawingExtent(geometry) ?? { width: 800, height: 600 };
    const style = document.createElementNS(SVG_NS, 'style');
    style.textContent = growable(geometry.css);
    this.probe.replaceChildren(style);
    this.probe.setAttribute('font-family', geometry.font_family);
    this.styles.clear();
    this.#take(marks);
    this.canvas.dataset.channels = String(this.ids.length);
    this.canvas.dataset.switches = String(count);
    this.setScale(this.scale);
  }

  /** Take another view's `marks` on the drawing shown (a step, a selection). */
  patch(marks) {
    this.#take(marks);
    this.draw();
  }

  #take(marks) {
    const geometry = this.geometry;
    this.view = marks;
    this.flags = channelFlags(geometry, marks);
    this.colour = marks.colours;
    this.palette = geometry.palette;
    this.highlights = [];
    for (let i = 0; i < this.flags.length; i++) {
      const over = this.flags[i] && highlightOf(geometry, this.flags[i]);
      if (over) this.highlights.push(i, over);
    }
    // the switches the step points at: their inline style, as in the SVG
    this.switchStyles = new Array(this.rects.length / 5).fill('');
    const marked = switchMarkStyle(geometry);
    for (const s of marks.step_switches) if (s < this.switchStyles.length) this.switchStyles[s] = marked;
    // Draw order: by class (emphasised channels on top, as in the SVG their strokes are wider),
    // then by colour, so consecutive channels share one path and one stroke() call.
    const n = this.flags.length;
    if (this.palette.length <= 0x1000 && n <= 0x10000) {
      // packed keys sort as plain numbers, several times faster than a comparator
      const keys = new Uint32Array(n);
      for (let i = 0; i < n; i++) keys[i] = ((this.flags[i] << 28) | (this.colour[i] << 16) | i) >>> 0;
      keys.sort();
      this.order = keys.map((key) => key & 0xffff);
    } else {
      this.order = new Uint32Array(n).map((_, i) => i).sort((a, b) => this.flags[a] - this.flags[b] || this.colour[a] - this.colour[b]);
    }
    const selected = channelIndex(geometry, marks.selected);
    this.canvas.dataset.selected = selected >= 0 ? String(marks.selected) : '';
  }

  /** Draw the switches in `ids` as the CSS class `cls` would (`.figure rect.sw.failed`, …). */
  markSwitches(ids, cls) {
    const wanted = new Set(ids.map(Number));
    const had = this.marks.get(cls) ?? new Set();
    if (wanted.size === had.size && [...wanted].every((id) => had.has(id))) return;
    this.marks.set(cls, wanted);
    this.draw();
  }

  setLabel(text) {
    this.canvas.setAttribute('aria-label', text);
  }

  /** The scale at which the whole drawing fits the visible box. */
  fitScale() {
    const { width, height } = this.#inner();
    return Math.min(width / this.extent.width, height / this.extent.height);
  }

  /** Zoom to `scale` (null: fit), keeping the point at the middle of the view where it was. */
  setScale(scale) {
    const before = this.xy && scale !== this.scale ? this.#view() : null;
    const middle = before && [(before.left + before.width / 2 - before.x) / before.s, (before.top + before.height / 2 - before.y) / before.s];
    this.scale = scale;
    const style = this.spacer.style;
    style.width = scale === null ? '100%' : `${Math.ceil(this.extent.width * scale)}px`;
    style.height = scale === null ? '100%' : `${Math.ceil(this.extent.height * scale)}px`;
    if (scale !== null && middle) {
      const after = this.#view();
      this.box.scrollLeft = middle[0] * after.s + after.x - after.width / 2;
      this.box.scrollTop = middle[1] * after.s + after.y - after.height / 2;
    }
    this.draw();
  }

  /**
   * Where channel `ch`'s middle is on screen (client coordinates), scrolling it into view first
   * (for tests and scripts: the canvas has no element per channel to ask).
   */
  channelPoint(ch) {
    const i = this.geometry ? channelIndex(this.geometry, ch) : -1;
    if (i < 0) return null;
    const mx = (this.xy[4 * i] + this.xy[4 * i + 2]) / 2;
    const my = (this.xy[4 * i + 1] + this.xy[4 * i + 3]) / 2;
    const view = this.#view();
    const [px, py] = [mx * view.s + view.x, my * view.s + view.y]; // in the spacer
    if (px < view.left + 20 || px > view.left + view.width - 20) this.box.scrollLeft = px - view.width / 2;
    if (py < view.top + 20 || py > view.top + view.height - 20) this.box.scrollTop = py - view.height / 2;
    const rect = this.spacer.getBoundingClientRect();
    return { x: rect.left + px, y: rect.top + py };
  }

  /**
   * The part of the drawing in view, in its units ({x, y, width, height}), with `scale` (screen
   * px per unit), `whole` (all of the drawing is in view) and `order` (the channel ids in the
   * order they are painted, hotter over cooler): what an export of the view frames.
   */
  visibleRegion() {
    if (!this.xy) return null;
    const view = this.#view();
    const [x0, y0] = [Math.max(0, (view.left - view.x) / view.s), Math.max(0, (view.top - view.y) / view.s)];
    const x1 = Math.min(this.extent.width, (view.left + view.width - view.x) / view.s);
    const y1 = Math.min(this.extent.height, (view.top + view.height - view.y) / view.s);
    const whole = x0 <= 0.5 && y0 <= 0.5 && x1 >= this.extent.width - 0.5 && y1 >= this.extent.height - 0.5;
    return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0), scale: view.s, whole, order: Array.from(this.order, (i) => this.ids[i]) };
  }

  /** Scroll so that switch `sw` is in the middle of the view (zooming in from the overview). */
  centreOnSwitch(sw) {
    if (!this.geometry || !(sw >= 0 && sw < this.rects.length / 5)) return;
    this.centreOn(this.geometry.switches[2 * sw], this.geometry.switches[2 * sw + 1]);
  }

  /** Scroll so that the drawing's point (x, y) is in the middle of the view. */
  centreOn(x, y) {
    if (!this.geometry) return;
    const view = this.#view();
    this.box.scrollLeft = x * view.s + view.x - view.width / 2;
    this.box.scrollTop = y * view.s + view.y - view.height / 2;
    this.draw();
  }

  /** The box's content area (the canvas's size): the padding keeps the zoom buttons and legend clear. */
  #inner() {
    const style = getComputedStyle(this.box);
    const width = this.box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = this.box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return { width: Math.max(1, Math.floor(width)), height: Math.max(1, Math.floor(height)) };
  }

  /** Scale, the drawing's offset in the spacer (centred when smaller), and the visible part. */
  #view() {
    const { width, height } = this.#inner();
    const s = this.scale ?? Math.min(width / this.extent.width, height / this.extent.height);
    return {
      s,
      x: Math.max(0, (width - this.extent.width * s) / 2),
      y: Math.max(0, (height - this.extent.height * s) / 2),
      left: this.box.scrollLeft,
      top: this.box.scrollTop,
      width,
      height,
    };
  }

  /** Redraw at the next frame (scrolls, steps and resizes in one frame are drawn once). */
  draw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.xy) this.#paint();
    });
  }

  /** The computed style of a probe element: what the page's CSS gives this element. */
  #css(tag, cls, inline = '') {
    const key = `${tag}.${cls}|${inline}`;
    let got = this.styles.get(key);
    if (!got) {
      const node = document.createElementNS(SVG_NS, tag);
      node.setAttribute('class', cls);
      if (inline) node.setAttribute('style', inline);
      this.probe.append(node);
      const cs = getComputedStyle(node);
      const dash = cs.strokeDasharray === 'none' ? [] : cs.strokeDasharray.split(/[ ,]+/).map(parseFloat).filter((n) => n > 0);
      got = { fill: cs.fill, stroke: cs.stroke, width: parseFloat(cs.strokeWidth) || 0, dash, font: `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}` };
      node.remove();
      this.styles.set(key, got);
    }
    return got;
  }

  /** The cursor the page's CSS gives a channel or switch (labs change it: TopoGen's fail mode). */
  #cursor(tag, cls) {
    const node = document.createElementNS(SVG_NS, tag);
    node.setAttribute('class', cls);
    this.probe.append(node);
    const cursor = getComputedStyle(node).cursor;
    node.remove();
    return cursor === 'auto' ? '' : cursor;
  }

  #paint() {
    const view = this.#view();
    const dpr = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    const [cssW, cssH] = [view.width, view.height];
    if (canvas.width !== Math.round(cssW * dpr) || canvas.height !== Math.round(cssH * dpr)) {
      canvas.width = Math.round(cssW * dpr);
      canvas.height = Math.round(cssH * dpr);
      canvas.style.width = `${cssW}px`;
      canvas.style.height = `${cssH}px`;
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const s = view.s;
    ctx.setTransform(dpr * s, 0, 0, dpr * s, dpr * (view.x - view.left), dpr * (view.y - view.top));
    // the visible part in drawing units, with room for the widest stroke
    const pad = 30;
    const [u0, v0] = [(view.left - view.x) / s - pad, (view.top - view.y) / s - pad];
    const [u1, v1] = [u0 + cssW / s + 2 * pad, v0 + cssH / s + 2 * pad];
    const inView = (x1, y1, x2, y2) => Math.max(x1, x2) >= u0 && Math.min(x1, x2) <= u1 && Math.max(y1, y2) >= v0 && Math.min(y1, y2) <= v1;
    const thinnest = 0.75 / s; // keep a stroke at least ¾ px wide when zoomed far out
    ctx.lineCap = 'butt';

    const links = this.endpointLinks;
    if (links.length) {
      const link = this.#css('line', 'ep-link');
      ctx.strokeStyle = link.stroke;
      ctx.lineWidth = Math.max(link.width, thinnest);
      ctx.beginPath();
      for (let o = 0; o < links.length; o += 4) {
        if (!inView(links[o], links[o + 1], links[o + 2], links[o + 3])) continue;
        ctx.moveTo(links[o], links[o + 1]);
        ctx.lineTo(links[o + 2], links[o + 3]);
      }
      ctx.stroke();
      ctx.fillStyle = this.#css('circle', 'ep').fill;
      ctx.beginPath();
      const [ends, r] = [this.geometry.endpoints, ENDPOINT_R];
      for (let o = 0; o < ends.length; o += 2) {
        const [x, y] = [ends[o], ends[o + 1]];
        if (!inView(x - r, y - r, x + r, y + r)) continue;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fill();
    }

    ctx.lineCap = 'round';
    const xy = this.xy;
    const count = this.ids.length;
    let group = -1;
    for (let k = 0; k < count; k++) {
      const i = this.order[k];
      const o = 4 * i;
      if (!inView(xy[o], xy[o + 1], xy[o + 2], xy[o + 3])) continue;
      const next = this.flags[i] * 0x100000 + this.colour[i];
      if (next !== group) {
        if (group !== -1) ctx.stroke();
        group = next;
        ctx.strokeStyle = this.palette[this.colour[i]];
        ctx.lineWidth = Math.max(this.#css('line', channelClass(this.flags[i])).width, thinnest);
        ctx.beginPath();
      }
      ctx.moveTo(xy[o], xy[o + 1]);
      ctx.lineTo(xy[o + 2], xy[o + 3]);
    }
    if (group !== -1) ctx.stroke();

    ctx.globalAlpha = this.geometry.highlight_opacity;
    for (let k = 0; k < this.highlights.length; k += 2) {
      const [o, over] = [4 * this.highlights[k], this.highlights[k + 1]];
      if (!inView(xy[o], xy[o + 1], xy[o + 2], xy[o + 3])) continue;
      ctx.strokeStyle = over.colour;
      ctx.lineWidth = over.width;
      ctx.beginPath();
      ctx.moveTo(xy[o], xy[o + 1]);
      ctx.lineTo(xy[o + 2], xy[o + 3]);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    ctx.lineCap = 'butt';

    this.#paintSwitches(ctx, inView, thinnest);

    if (this.geometry.labels && s * 11 >= 4) {
      const label = this.#css('text', 'lbl');
      ctx.fillStyle = label.fill;
      ctx.font = label.font;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const centres = this.geometry.switches;
      for (let o = 0; o < centres.length; o += 2) {
        const [x, y] = [centres[o], centres[o + 1]];
        if (inView(x, y, x, y)) ctx.fillText(String(o / 2), x, y);
      }
    }
  }

  /** Switches in groups of equal look (class marks and the step's inline style). */
  #paintSwitches(ctx, inView, thinnest) {
    const { rects, switchStyles: styles } = this;
    const groups = new Map();
    for (let id = 0; id < styles.length; id++) {
      const o = 5 * id;
      if (!inView(rects[o], rects[o + 1], rects[o] + rects[o + 2], rects[o + 1] + rects[o + 3])) continue;
      let cls = 'sw';
      for (const [name, set] of this.marks) if (set.has(id)) cls += ` ${name}`;
      const key = `${cls}|${styles[id]}`;
      if (!groups.has(key)) groups.set(key, { cls, inline: styles[id], members: [] });
      groups.get(key).members.push(o);
    }
    for (const { cls, inline, members } of groups.values()) {
      const look = this.#css('rect', cls, inline);
      ctx.beginPath();
      for (const o of members) ctx.roundRect(rects[o], rects[o + 1], rects[o + 2], rects[o + 3], rects[o + 4]);
      ctx.fillStyle = look.fill;
      ctx.fill();
      if (look.stroke !== 'none' && look.width > 0) {
        ctx.strokeStyle = look.stroke;
        ctx.lineWidth = Math.max(look.width, thinnest);
        ctx.setLineDash(look.dash);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
  }

  /** What is under a client point: a switch (drawn on top), else the nearest channel within reach, else an end node. */
  #hit(clientX, clientY) {
    if (!this.xy) return null;
    const view = this.#view();
    const rect = this.canvas.getBoundingClientRect();
    const u = (clientX - rect.left + view.left - view.x) / view.s;
    const v = (clientY - rect.top + view.top - view.y) / view.s;
    const rects = this.rects;
    for (let id = 0; id < rects.length / 5; id++) {
      const o = 5 * id;
      if (u >= rects[o] && u <= rects[o] + rects[o + 2] && v >= rects[o + 1] && v <= rects[o + 1] + rects[o + 3]) {
        return { kind: 'switch', id, title: `switch ${id}` };
      }
    }
    const reach = HIT_PX / view.s;
    let best = -1;
    let bestD2 = Infinity;
    const xy = this.xy;
    for (let i = 0; i < this.ids.length; i++) {
      const o = 4 * i;
      const d2 = segmentDistance2(u, v, xy[o], xy[o + 1], xy[o + 2], xy[o + 3]);
      if (d2 < bestD2) [best, bestD2] = [i, d2];
    }
    if (best >= 0) {
      const half = this.#css('line', channelClass(this.flags[best])).width / 2;
      if (Math.sqrt(bestD2) <= Math.max(reach, half)) return { kind: 'channel', id: this.ids[best], title: channelTitle(this.geometry, this.view, best) };
    }
    const ends = this.geometry.endpoints;
    for (let o = 0; o < ends.length; o += 2) {
      if ((u - ends[o]) ** 2 + (v - ends[o + 1]) ** 2 <= (ENDPOINT_R + reach) ** 2) return { kind: 'endpoint', title: `endpoint ${o / 2}` };
    }
    return null;
  }

  /** The tooltip and cursor of what the pointer is over (at most once a frame). */
  #hovered(clientX, clientY) {
    this.pointer = clientX === null ? null : [clientX, clientY];
    if (this.hover) return;
    this.hover = requestAnimationFrame(() => {
      this.hover = null;
      const hit = this.pointer ? this.#hit(...this.pointer) : null;
      const title = hit?.title ?? '';
      if (this.canvas.title !== title) this.canvas.title = title;
      const cursor = hit?.kind === 'channel' ? this.#cursor('line', 'ch') : hit?.kind === 'switch' ? this.#cursor('rect', 'sw') : '';
      if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
    });
  }
}
