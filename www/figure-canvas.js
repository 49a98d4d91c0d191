// The figure's dense layer: the core's SVG drawn on a <canvas> when it has more elements than the
// DOM can take without stalling the page (a 64×64 mesh: 16,128 channels), with the SVG's zoom,
// scroll, clicks, tooltips and CSS colours. figure.js decides when to use it and keeps the SVG.

const SVG_NS = 'http://www.w3.org/2000/svg';

// The elements as src/render/svg.rs writes them (attribute order included).
const CHANNEL = /<line class="([^"]*)" data-ch="(\d+)" x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)" stroke="([^"]*)"><title>([^<]*)<\/title><\/line>/g;
const CHANNEL_STYLE = /<line class="([^"]*)" data-ch="(\d+)"[^>]*? stroke="([^"]*)"><title>([^<]*)</g;
const HIGHLIGHT = /<line class="hl" x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)" stroke="([^"]*)" stroke-opacity="([^"]*)" stroke-width="([^"]*)"\/>/g;
const SWITCH = /<rect class="sw" data-sw="(\d+)" x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" rx="([^"]+)"(?: style="([^"]*)")?><title>([^<]*)<\/title><\/rect>/g;
const LABEL = /<text class="lbl" x="([^"]+)" y="([^"]+)">([^<]*)<\/text>/g;
const EP_LINK = /<line class="ep-link" x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"\/>/g;
const ENDPOINT = /<circle class="ep" cx="([^"]+)" cy="([^"]+)" r="([^"]+)"><title>([^<]*)<\/title><\/circle>/g;
const STYLE = /<style>[^<]*<\/style>/;
const FONT = /font-family="([^"]*)"/;

/** Channel classes as bits; a larger value is drawn later (on top), as the CSS gives it wider strokes. */
const FLAGS = { busiest: 1, 'on-path': 2, step: 4, selected: 8 };
/** How close (screen px) a pointer must be to a channel to hit it. */
const HIT_PX = 5;

export function unescape(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** How many channel lines `svg` has (an indexOf loop: the figure asks before choosing a mode). */
export function channelCount(svg) {
  let count = 0;
  for (let at = svg.indexOf('<line class="ch'); at >= 0; at = svg.indexOf('<line class="ch', at + 15)) count++;
  return count;
}

/**
 * The drawing's size without the legend strip the core leaves below it (the page shows the
 * legend in a fixed overlay): the switches' and end nodes' extent with the left and top margins
 * mirrored. Null when there is nothing to measure.
 */
export function drawingExtent(svg) {
  return extentOf(parseSwitches(svg).rects, parseEndpoints(svg));
}

/** The extent of switch rects (x, y, width, height, rx: five numbers each) and end-node circles. */
function extentOf(rects, endpoints) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let o = 0; o < rects.length; o += 5) {
    [minX, minY] = [Math.min(minX, rects[o]), Math.min(minY, rects[o + 1])];
    [maxX, maxY] = [Math.max(maxX, rects[o] + rects[o + 2]), Math.max(maxY, rects[o + 1] + rects[o + 3])];
  }
  for (const { x, y, r } of endpoints) {
    [minX, minY, maxX, maxY] = [Math.min(minX, x - r), Math.min(minY, y - r), Math.max(maxX, x + r), Math.max(maxY, y + r)];
  }
  return Number.isFinite(minX) ? { width: maxX + Math.max(0, minX), height: maxY + Math.max(0, minY) } : null;
}

function parseEndpoints(svg) {
  return [...svg.matchAll(ENDPOINT)].map((m) => ({ x: +m[1], y: +m[2], r: +m[3], title: m[4] }));
}

/** The channels' classes, colours and tooltips (and, for a new drawing, ends), parsed into arrays. */
function parseChannels(svg, withGeometry) {
  const ids = [];
  const flags = [];
  const strokes = [];
  const titles = [];
  const xy = withGeometry ? [] : null;
  const bitsOf = new Map(); // a handful of class strings: split each once
  // a patch needs no coordinates, and a pattern without them is about twice as fast
  const [pattern, at] = withGeometry ? [CHANNEL, 7] : [CHANNEL_STYLE, 3];
  for (const m of svg.matchAll(pattern)) {
    ids.push(Number(m[2]));
    let bits = bitsOf.get(m[1]);
    if (bits === undefined) {
      bits = m[1].split(' ').reduce((sum, name) => sum | (FLAGS[name] ?? 0), 0);
      bitsOf.set(m[1], bits);
    }
    flags.push(bits);
    strokes.push(m[at]);
    titles.push(m[at + 1]);
    if (xy) xy.push(+m[3], +m[4], +m[5], +m[6]);
  }
  return { ids, flags, strokes, titles, xy: xy && Float64Array.from(xy) };
}

function parseSwitches(svg) {
  const switches = { ids: [], rects: [], styles: [], titles: [] };
  for (const m of svg.matchAll(SWITCH)) {
    switches.ids.push(Number(m[1]));
    switches.rects.push(+m[2], +m[3], +m[4], +m[5], +m[6]);
    switches.styles.push(m[7] ?? '');
    switches.titles.push(m[8]);
  }
  switches.rects = Float64Array.from(switches.rects);
  return switches;
}

/**
 * Only the switches' inline styles (the core marks a step's switches so), found by their
 * ` style="` (a full parse of 4,096 rects costs several times more); null when unsure.
 */
function switchStyles(svg, ids) {
  const styles = new Array(ids.length).fill('');
  const index = new Map(ids.map((id, i) => [id, i]));
  const first = svg.indexOf('<rect class="sw"');
  for (let at = svg.indexOf(' style="', first); first >= 0 && at >= 0; at = svg.indexOf(' style="', at + 8)) {
    const open = svg.lastIndexOf('<rect class="sw" data-sw="', at);
    if (open < 0 || svg.lastIndexOf('>', at) > open) continue; // not a switch's attribute
    const i = index.get(Number(svg.slice(open + 26, svg.indexOf('"', open + 26))));
    if (i === undefined) return null;
    styles[i] = svg.slice(at + 8, svg.indexOf('"', at + 8));
  }
  return styles;
}

function parseHighlights(svg) {
  return [...svg.matchAll(HIGHLIGHT)].map((m) => ({ xy: [+m[1], +m[2], +m[3], +m[4]], stroke: m[5], opacity: +m[6], width: +m[7] }));
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
    this.scale = null; // null: fit to the panel
    this.marks = new Map(); // CSS class → switch ids (markSwitches)
    this.styles = new Map(); // probed computed styles, cleared when the theme or lab changes
    this.hover = null;
    this.frame = 0;
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', label);
    // A hidden SVG holding the core's <style> and one element per class combination asked about:
    // the page's CSS (themes, large type, labs' rules for marked switches) stays the only source
    // of colours and widths.
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

  /** Show `svg` (a new drawing: everything is read from it). */
  show(svg) {
    this.head = svg.slice(0, svg.indexOf('<line class="ch'));
    const channels = parseChannels(svg, true);
    const switches = parseSwitches(svg);
    this.xy = channels.xy;
    this.endpointLinks = [...this.head.matchAll(EP_LINK)].map((m) => [+m[1], +m[2], +m[3], +m[4]]);
    this.endpoints = parseEndpoints(this.head);
    this.extent = extentOf(switches.rects, this.endpoints) ?? { width: 800, height: 600 };
    this.labels = [...svg.matchAll(LABEL)].map((m) => ({ x: +m[1], y: +m[2], text: unescape(m[3]) }));
    this.probe.innerHTML = this.head.match(STYLE)?.[0] ?? '';
    this.probe.setAttribute('font-family', this.head.match(FONT)?.[1] ?? 'sans-serif');
    this.styles.clear();
    this.#take(channels, switches, parseHighlights(svg));
    this.canvas.dataset.channels = String(channels.ids.length);
    this.canvas.dataset.switches = String(switches.ids.length);
    this.setScale(this.scale);
  }

  /**
   * Take the classes, colours, highlights and switch marks of `svg`, another figure of the shown
   * drawing (a step, a selection); false when it is not one (then `show` it).
   */
  patch(svg) {
    if (!this.xy || !svg.startsWith(this.head) || !svg.startsWith('<line class="ch', this.head.length)) return false;
    const channels = parseChannels(svg, false);
    if (channels.ids.length !== this.ids.length || channels.ids.some((id, i) => id !== this.ids[i])) return false;
    const styles = switchStyles(svg, this.switches.ids);
    if (!styles) return false;
    this.#take(channels, { ...this.switches, styles }, parseHighlights(svg));
    this.draw();
    return true;
  }

  #take(channels, switches, highlights) {
    this.ids = channels.ids;
    this.flags = Uint8Array.from(channels.flags);
    this.titles = channels.titles;
    this.switches = switches;
    this.highlights = highlights;
    // Draw order: by class (emphasised channels on top, as in the SVG their strokes are wider),
    // then by colour, so consecutive channels share one path and one stroke() call.
    this.palette = [];
    const colours = new Map();
    this.colour = new Uint32Array(channels.ids.length);
    for (let i = 0; i < this.colour.length; i++) {
      let colour = colours.get(channels.strokes[i]);
      if (colour === undefined) {
        colour = this.palette.push(channels.strokes[i]) - 1;
        colours.set(channels.strokes[i], colour);
      }
      this.colour[i] = colour;
    }
    const n = this.colour.length;
    if (this.palette.length <= 0x1000 && n <= 0x10000) {
      // packed keys sort as plain numbers, several times faster than a comparator
      const keys = new Uint32Array(n);
      for (let i = 0; i < n; i++) keys[i] = ((this.flags[i] << 28) | (this.colour[i] << 16) | i) >>> 0;
      keys.sort();
      this.order = keys.map((key) => key & 0xffff);
    } else {
      this.order = new Uint32Array(n).map((_, i) => i).sort((a, b) => this.flags[a] - this.flags[b] || this.colour[a] - this.colour[b]);
    }
    this.canvas.dataset.selected = channels.ids.filter((_, i) => this.flags[i] & FLAGS.selected).join(',');
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
    const i = this.ids?.indexOf(ch) ?? -1;
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

  /** Scroll so that switch `sw` is in the middle of the view (zooming in from the overview). */
  centreOnSwitch(sw) {
    const i = this.switches?.ids.indexOf(sw) ?? -1;
    if (i < 0) return;
    const r = this.switches.rects;
    const view = this.#view();
    this.box.scrollLeft = (r[5 * i] + r[5 * i + 2] / 2) * view.s + view.x - view.width / 2;
    this.box.scrollTop = (r[5 * i + 1] + r[5 * i + 3] / 2) * view.s + view.y - view.height / 2;
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

    if (this.endpointLinks.length) {
      const link = this.#css('line', 'ep-link');
      ctx.strokeStyle = link.stroke;
      ctx.lineWidth = Math.max(link.width, thinnest);
      ctx.beginPath();
      for (const [x1, y1, x2, y2] of this.endpointLinks) {
        if (!inView(x1, y1, x2, y2)) continue;
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
      }
      ctx.stroke();
      ctx.fillStyle = this.#css('circle', 'ep').fill;
      ctx.beginPath();
      for (const { x, y, r } of this.endpoints) {
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
        ctx.lineWidth = Math.max(this.#css('line', this.#classOf(this.flags[i])).width, thinnest);
        ctx.beginPath();
      }
      ctx.moveTo(xy[o], xy[o + 1]);
      ctx.lineTo(xy[o + 2], xy[o + 3]);
    }
    if (group !== -1) ctx.stroke();

    for (const hl of this.highlights) {
      if (!inView(...hl.xy)) continue;
      ctx.globalAlpha = hl.opacity;
      ctx.strokeStyle = hl.stroke;
      ctx.lineWidth = hl.width;
      ctx.beginPath();
      ctx.moveTo(hl.xy[0], hl.xy[1]);
      ctx.lineTo(hl.xy[2], hl.xy[3]);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    ctx.lineCap = 'butt';

    this.#paintSwitches(ctx, inView, thinnest);

    if (this.labels.length && s * 11 >= 4) {
      const label = this.#css('text', 'lbl');
      ctx.fillStyle = label.fill;
      ctx.font = label.font;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (const { x, y, text } of this.labels) if (inView(x, y, x, y)) ctx.fillText(text, x, y);
    }
  }

  /** Switches in groups of equal look (class marks and the core's inline step style). */
  #paintSwitches(ctx, inView, thinnest) {
    const { ids, rects, styles } = this.switches;
    const groups = new Map();
    for (let i = 0; i < ids.length; i++) {
      const o = 5 * i;
      if (!inView(rects[o], rects[o + 1], rects[o] + rects[o + 2], rects[o + 1] + rects[o + 3])) continue;
      let cls = 'sw';
      for (const [name, set] of this.marks) if (set.has(ids[i])) cls += ` ${name}`;
      const key = `${cls}|${styles[i]}`;
      if (!groups.has(key)) groups.set(key, { cls, inline: styles[i], members: [] });
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

  #classOf(flags) {
    return ['ch', ...Object.keys(FLAGS).filter((name) => flags & FLAGS[name])].join(' ');
  }

  /** What is under a client point: a switch (drawn on top), else the nearest channel within reach. */
  #hit(clientX, clientY) {
    if (!this.xy) return null;
    const view = this.#view();
    const rect = this.canvas.getBoundingClientRect();
    const u = (clientX - rect.left + view.left - view.x) / view.s;
    const v = (clientY - rect.top + view.top - view.y) / view.s;
    const { ids, rects, titles } = this.switches;
    for (let i = 0; i < ids.length; i++) {
      const o = 5 * i;
      if (u >= rects[o] && u <= rects[o] + rects[o + 2] && v >= rects[o + 1] && v <= rects[o + 1] + rects[o + 3]) {
        return { kind: 'switch', id: ids[i], title: titles[i] };
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
      const half = this.#css('line', this.#classOf(this.flags[best])).width / 2;
      if (Math.sqrt(bestD2) <= Math.max(reach, half)) return { kind: 'channel', id: this.ids[best], title: this.titles[best] };
    }
    for (const { x, y, r, title } of this.endpoints) {
      if ((u - x) ** 2 + (v - y) ** 2 <= (r + reach) ** 2) return { kind: 'endpoint', title };
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
      const title = hit ? unescape(hit.title) : '';
      if (this.canvas.title !== title) this.canvas.title = title;
      const cursor = hit?.kind === 'channel' ? this.#cursor('line', 'ch') : hit?.kind === 'switch' ? this.#cursor('rect', 'sw') : '';
      if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
    });
  }
}
