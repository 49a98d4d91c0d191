// The OCS relay lab's hybrid view (paper 001, Fig. 1 and 3): the upper EPS switch, the edge
// switches, the nodes under each (OCS nodes marked; ranks count upward, so the OCS nodes, the
// lowest ranks, sit next to the band) and the "OCS plane" band under them, where each circuit
// is an arc between its two OCS nodes, coloured by the step of §3.2.2 that made it and as wide
// as the bytes it carries. Stepping shows the circuits made so far and marks the step's
// decision; a selected communication's route is drawn over it. Above DETAILED_NODES nodes it
// draws an overview instead: a bar of OCS nodes used per switch, circuits counted per switch
// pair. Everything drawn is the core's result; the only arithmetic is tree2's rank order (node
// r under edge switch ⌊r / P⌋), the definition of EDGESxNODES.
import { el } from '../dom.js';

/** Above this many nodes the view is an overview per switch, not node by node. */
export const DETAILED_NODES = 512;
/** The steps of §3.2.2 (colours read on both themes). */
export const STEPS = [
  { step: 1, color: '#2e9e5b', name: 'step 1: two talking OCS nodes' },
  { step: 2, color: '#3b7dd8', name: 'step 2: round-robin over switch pairs' },
  { step: 3, color: '#e08a00', name: 'step 3: the largest difference left' },
];
const SVG_NS = 'http://www.w3.org/2000/svg';
/** The selected route's colour. */
export const ROUTE_COLOUR = '#d6453d';
const MAX_CELL_PX = 26;
const MAX_GRID_PX = 190;
const MAX_ARC_PX = 100;
const SWITCH_H = 22;
const BAND_H = 14;
/** A digit's width in em (system-ui's tabular figures). */
const DIGIT_EM = 0.56;
/** The drawing's own style (page colours with fallbacks), so an exported SVG looks the same; scoped to the drawing, as an inline SVG's style applies to the whole page. */
const STEP_COLOURS = Object.fromEntries(STEPS.map((s) => [s.step, s.color]));
const STYLE = [
  '.ocs-view-svg text{fill:var(--fg,#1b2130)}',
  '.ocs-view-svg .ocs-node-labels text{pointer-events:none;font-variant-numeric:tabular-nums}',
  '.ocs-view-svg .ocs-label{font-size:11px;font-weight:600;pointer-events:none}',
  '.ocs-view-svg .ocs-upper,.ocs-view-svg .ocs-switch{fill:var(--switch-fill,#f4f6fa);stroke:var(--muted,#4a5366);stroke-width:1.2}',
  '.ocs-view-svg .ocs-switch.current{stroke:var(--focus,#b36b00);stroke-width:3.5}',
  '.ocs-view-svg .ocs-uplink,.ocs-view-svg .ocs-downlink{stroke:var(--border,#cfd5de);stroke-width:1.5}',
  '.ocs-view-svg .ocs-node{fill:var(--panel,#fff);stroke:var(--border,#cfd5de);stroke-width:1;cursor:pointer}',
  '.ocs-view-svg .ocs-node:hover{stroke:var(--accent,#1557b0);stroke-width:2}',
  '.ocs-view-svg .ocs-node.ocs{stroke:var(--fg,#1b2130);stroke-width:1.6;fill:var(--switch-fill,#f4f6fa)}',
  ...STEPS.map((s) => `.ocs-view-svg .ocs-node.held[data-step='${s.step}']{fill:color-mix(in srgb,${s.color} 55%,var(--panel,#fff))}`),
  '.ocs-view-svg .ocs-node.unused{stroke-dasharray:2 1.5;fill:var(--chip-bg,#eef1f5)}',
  '.ocs-view-svg .ocs-node.current{stroke:var(--focus,#b36b00);stroke-width:3}',
  `.ocs-view-svg .ocs-node.on-path{stroke:${ROUTE_COLOUR};stroke-width:2.6}`,
  '.ocs-view-svg .ocs-node.picked{stroke:var(--accent,#1557b0);stroke-width:3.2}',
  '.ocs-view-svg .ocs-band{fill:var(--chip-bg,#eef1f5);stroke:var(--muted,#4a5366);stroke-width:1}',
  '.ocs-view-svg .ocs-band-label{font-size:9.5px;font-weight:600}',
  '.ocs-view-svg .ocs-arc,.ocs-view-svg .ocs-pair{fill:none;stroke-linecap:round;opacity:.8}',
  ...STEPS.map((s) => `.ocs-view-svg .ocs-arc[data-step='${s.step}']{stroke:${s.color}}`),
  `.ocs-view-svg .ocs-pair{stroke:${STEP_COLOURS[2]}}`,
  '.ocs-view-svg .ocs-arc.later{display:none}',
  '.ocs-view-svg .ocs-arc.current,.ocs-view-svg .ocs-pair.current{opacity:1;stroke-width:5px;filter:drop-shadow(0 0 2px var(--focus,#b36b00))}',
  '.ocs-view-svg .ocs-pair-count{font-size:10px}',
  '.ocs-view-svg .ocs-bar{fill:var(--panel,#fff);stroke:var(--fg,#1b2130);stroke-width:1}',
  `.ocs-view-svg .ocs-bar-used{fill:${STEP_COLOURS[2]}}`,
  `.ocs-view-svg .ocs-route{stroke:${ROUTE_COLOUR};stroke-width:2.6;stroke-linejoin:round;stroke-linecap:round;opacity:.8;pointer-events:none}`,
  `.ocs-view-svg .ocs-route-end{fill:${ROUTE_COLOUR};pointer-events:none}`,
  '.ocs-view-svg .ahead .ocs-route{stroke-dasharray:5 4;opacity:.55}',
].join('');

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const esc = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (v) => (Math.round(v * 10) / 10).toString();

/** The cell size and grid columns that make P nodes largest in a column `width` wide. */
function gridShape(width, perSwitch) {
  let best = { cols: 1, cell: 0 };
  for (let cols = 1; cols <= perSwitch; cols++) {
    const cell = Math.min(MAX_CELL_PX, (width - 4) / cols, MAX_GRID_PX / Math.ceil(perSwitch / cols));
    if (cell > best.cell + 0.01) best = { cols, cell };
  }
  return { ...best, rows: Math.ceil(perSwitch / best.cols) };
}

/** Where everything is, for a result drawn `width` pixels wide. */
function geometry(r, width) {
  const E = r.edges;
  const P = r.nodes_per_edge;
  const margin = 4;
  const col = (width - 2 * margin) / E;
  const detailed = E * P <= DETAILED_NODES;
  const upper = { x: width / 2, y: 8 + SWITCH_H / 2, w: Math.min(170, width - 20) };
  const switchY = 62;
  const gridTop = switchY + SWITCH_H + 10;
  const shape = detailed ? gridShape(col, P) : { cols: 1, cell: 0, rows: 0 };
  const gridH = detailed ? shape.rows * shape.cell : 64;
  const bandTop = gridTop + gridH + 8;
  const colLeft = (s) => margin + s * col;
  const colMid = (s) => margin + (s + 0.5) * col;
  const gridLeft = (s) => colMid(s) - (shape.cols * shape.cell) / 2;
  // rank r sits in row ⌊local / cols⌋ counted from the bottom, column local mod cols
  const cell = (node) => {
    const s = Math.floor(node / P);
    const local = node % P;
    const row = Math.floor(local / shape.cols);
    const c = local % shape.cols;
    const x = gridLeft(s) + c * shape.cell;
    const y = gridTop + gridH - (row + 1) * shape.cell;
    return { s, x, y, cx: x + shape.cell / 2, cy: y + shape.cell / 2 };
  };
  // an OCS node's port on the band: under its column, rows side by side
  const ocsRows = Math.max(1, Math.ceil(r.ocs_per_edge / Math.max(1, shape.cols)));
  const port = (node) => {
    if (!detailed) return colMid(Math.floor(node / P));
    const { x, s } = cell(node);
    const row = Math.floor((node % P) / shape.cols);
    const x0 = Math.max(x, colLeft(s) + 1);
    return x0 + ((row + 0.5) * shape.cell) / ocsRows;
  };
  return { E, P, margin, col, detailed, upper, switchY, gridTop, gridH, bandTop, shape, colLeft, colMid, cell, port, width };
}

/** How far an arc dips under the band: deeper the further its ends are apart. */
const arcDepth = (xa, xb) => Math.min(MAX_ARC_PX, 10 + 0.22 * Math.abs(xb - xa));

/** A circuit's arc under the band. */
function arcPath(xa, xb, y) {
  const depth = arcDepth(xa, xb);
  const c = y + depth / 0.75;
  return `M${fmt(xa)} ${fmt(y)}C${fmt(xa)} ${fmt(c)} ${fmt(xb)} ${fmt(c)} ${fmt(xb)} ${fmt(y)}`;
}

/** What the view shows of a result: circuits made by each step index, OCS nodes, node → circuit. */
function facts(r) {
  const made = [];
  let count = 0;
  for (const d of r.decisions ?? []) {
    if (d.circuit !== null && d.circuit !== undefined) count = Math.max(count, d.circuit + 1);
    made.push(count);
  }
  const holder = new Map();
  r.circuits.forEach((c, i) => {
    holder.set(c.a, i);
    holder.set(c.b, i);
  });
  const unused = new Map((r.unused_ocs_nodes ?? []).map((u) => [u.node, u]));
  const ocs = new Set([...holder.keys(), ...unused.keys()]);
  return { made, holder, unused, ocs, maxBytes: Math.max(1, ...r.circuits.map((c) => c.bytes)) };
}

/** `facts(result)` once per result object (a cache keyed by the result, which it does not keep alive). */
const factsMade = new WeakMap();
function factsOf(r) {
  if (!factsMade.has(r)) factsMade.set(r, facts(r));
  return factsMade.get(r);
}

export class HybridView {
  /**
   * `box`: where the SVG goes, `legend` its list; `onNodeClick(node)` when a node is clicked.
   * `shown()` is the lab's shown run (the page's record, `ctx.current()`): the view draws its
   * result and keeps none of its own.
   */
  constructor(box, { shown, legend, onNodeClick }) {
    this.box = box;
    this.legend = legend;
    this.shown = shown;
    this.geometry = null; // of the drawing on screen
    this.step = null;
    this.selection = { picked: null, path: null, circuits: [] };
    this.width = 0;
    box.addEventListener('click', (event) => {
      const node = event.target.closest?.('[data-node]');
      if (node && this.box.contains(node)) onNodeClick(Number(node.dataset.node));
    });
    new ResizeObserver(() => {
      const width = this.box.clientWidth;
      if (this.#result() && width && Math.abs(width - this.width) > 8) this.#render();
    }).observe(box);
    // large type (A+) draws the node numbers larger: again when it is switched (only then)
    this.large = document.documentElement.classList.contains('large');
    new MutationObserver(() => {
      const large = document.documentElement.classList.contains('large');
      if (large === this.large) return;
      this.large = large;
      if (this.#result()) this.#render();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  }

  /** The shown run's result (null before the lab's first good run). */
  #result() {
    return this.shown()?.result ?? null;
  }

  /** Draw the shown run (a new run is shown), at step `index` (null: all circuits). */
  show(index) {
    this.step = index;
    if (this.#result()) this.#render();
  }

  /** Show the allocation as it stood after step `index` (null: finished). */
  setStep(index) {
    this.step = index;
    if (this.#result()) this.#applyStep();
  }

  /**
   * `picked`: a node marked as the start of a pair (or null); `path`: a route's vertices to draw
   * (or null) and `circuits` the circuits it crosses: drawn dashed while a step shows the
   * allocation before them.
   */
  setSelection({ picked = null, path = null, circuits = [] } = {}) {
    this.selection = { picked, path, circuits };
    if (this.#result()) this.#applySelection();
  }

  /** Circuits shown at the current step. */
  get circuitsShown() {
    const r = this.#result();
    const { made } = factsOf(r);
    return this.step === null || this.step === undefined || !made.length ? r.circuits.length : made[Math.min(this.step, made.length - 1)];
  }

  #render() {
    const r = this.#result();
    this.width = Math.max(320, this.box.clientWidth || 700);
    const g = geometry(r, this.width);
    this.geometry = g;
    const { maxBytes } = factsOf(r);
    const bandBottom = g.bandTop + BAND_H;
    const deepest = r.circuits.reduce((most, c) => Math.max(most, arcDepth(g.port(c.a), g.port(c.b))), 20) + (g.detailed ? 0 : 14);
    const height = Math.ceil(bandBottom + deepest + 10);
    const parts = [
      `<svg xmlns="${SVG_NS}" class="ocs-view-svg ${g.detailed ? 'detailed' : 'overview'}" viewBox="0 0 ${g.width} ${height}" width="${g.width}" height="${height}" style="--ocs-w: ${g.width}" font-family="system-ui, sans-serif" role="img" aria-label="${esc(this.#label())}">`,
      `<style>${STYLE}</style>`,
    ];
    // the upper switch and the uplinks
    const up = g.upper;
    parts.push('<g class="ocs-tree">');
    for (let s = 0; s < g.E; s++) parts.push(`<line class="ocs-uplink" data-uplink="${s}" x1="${fmt(up.x)}" y1="${up.y + SWITCH_H / 2}" x2="${fmt(g.colMid(s))}" y2="${g.switchY}"/>`);
    parts.push(`<rect class="ocs-upper" x="${fmt(up.x - up.w / 2)}" y="${up.y - SWITCH_H / 2}" width="${fmt(up.w)}" height="${SWITCH_H}" rx="4"><title>The upper EPS switch: one uplink per edge switch</title></rect>`);
    parts.push(`<text class="ocs-label" x="${fmt(up.x)}" y="${up.y + 4}" text-anchor="middle">Upper EPS switch</text>`);
    const switchFont = Math.min(11, g.col * 0.32);
    for (let s = 0; s < g.E; s++) {
      const x = g.colLeft(s) + 1.5;
      const first = s * g.P;
      parts.push(`<rect class="ocs-switch" data-switch="${s}" x="${fmt(x)}" y="${g.switchY}" width="${fmt(g.col - 3)}" height="${SWITCH_H}" rx="3"><title>Edge switch ${s}: nodes ${first}–${first + g.P - 1}</title></rect>`);
      if (switchFont >= 6.5) parts.push(`<text class="ocs-label" x="${fmt(g.colMid(s))}" y="${g.switchY + SWITCH_H / 2 + switchFont * 0.36}" text-anchor="middle" font-size="${fmt(switchFont)}">S${s}</text>`);
      parts.push(`<line class="ocs-downlink" x1="${fmt(g.colMid(s))}" y1="${g.switchY + SWITCH_H}" x2="${fmt(g.colMid(s))}" y2="${g.gridTop}"/>`);
    }
    parts.push('</g>');
    parts.push(g.detailed ? this.#nodes(g) : this.#bars(g));
    // the OCS plane: the band, then the circuits under it
    parts.push(`<rect class="ocs-band" x="${g.margin}" y="${g.bandTop}" width="${fmt(g.width - 2 * g.margin)}" height="${BAND_H}" rx="3"><title>The OCS plane: one optical circuit switch joining OCS nodes in pairs (4 Gbps circuits)</title></rect>`);
    parts.push(`<text class="ocs-band-label" x="${g.width - g.margin - 4}" y="${g.bandTop + BAND_H - 3.5}" text-anchor="end">OCS plane</text>`);
    parts.push('<g class="ocs-arcs" fill="none">');
    if (g.detailed) {
      r.circuits.forEach((c, i) => {
        const width = 1 + 3.5 * Math.sqrt(c.bytes / maxBytes);
        const tip = `Circuit ${i}: node ${c.a} (switch ${c.switches[0]}) ⇄ node ${c.b} (switch ${c.switches[1]}), step ${c.step}, ${mib(c.bytes)}`;
        parts.push(`<path class="ocs-arc" data-circuit="${i}" data-step="${c.step}" d="${arcPath(g.port(c.a), g.port(c.b), bandBottom)}" stroke-width="${fmt(width)}"><title>${esc(tip)}</title></path>`);
      });
    }
    // the route over everything but the node numbers, which stay readable on top
    parts.push('</g><g class="ocs-overlay" fill="none"></g>');
    if (g.detailed) parts.push(this.#labels(g));
    parts.push('</svg>');
    this.box.innerHTML = parts.join('');
    this.svg = this.box.querySelector('svg');
    this.legend.replaceChildren(...legendItems(g.detailed));
    this.#applyStep();
    this.#applySelection();
  }

  /** The drawing as a file: its own style, the page's colours resolved, its legend under it. */
  svgText() {
    if (!this.svg) return null;
    const copy = this.svg.cloneNode(true);
    const css = getComputedStyle(this.box);
    const colours = ['--fg', '--panel', '--border', '--muted', '--switch-fill', '--chip-bg', '--focus', '--accent'].map((name) => `${name}:${css.getPropertyValue(name).trim()}`).join(';');
    copy.setAttribute('style', `${colours};background:${css.getPropertyValue('--panel').trim()}`);
    // the legend, which the page lists beside the drawing, in a strip under it
    const [x, y, width, height] = copy.getAttribute('viewBox').split(' ').map(Number);
    const legend = legendSvg(this.geometry.detailed, width, y + height);
    copy.insertAdjacentHTML('beforeend', legend.markup);
    copy.setAttribute('viewBox', `${x} ${y} ${width} ${height + legend.height}`);
    copy.setAttribute('height', String(height + legend.height));
    return new XMLSerializer().serializeToString(copy);
  }

  #label() {
    const r = this.#result();
    return `The hybrid network ${r.edge}: upper EPS switch, ${r.edges} edge switches of ${r.nodes_per_edge} nodes, ${r.ocs_nodes} OCS nodes and the circuits between them in the OCS plane, coloured by allocation step. Click a node for its circuit, two nodes for the route between them.`;
  }

  /** Every node as a cell under its switch (OCS nodes outlined; their circuit's colour once made). */
  #nodes(g) {
    const { holder, unused, ocs } = factsOf(this.#result());
    const size = g.shape.cell;
    const parts = ['<g class="ocs-nodes">'];
    for (let node = 0; node < g.E * g.P; node++) {
      const p = g.cell(node);
      const isOcs = ocs.has(node);
      const circuit = holder.get(node);
      const why = unused.get(node)?.why;
      const tip = `Node ${node} (switch ${p.s})${isOcs ? (circuit !== undefined ? `: OCS node, circuit ${circuit}` : `: OCS node without a circuit${why ? ` (${why})` : ''}`) : ''}`;
      parts.push(`<rect class="ocs-node${isOcs ? ' ocs' : ''}" data-node="${node}" x="${fmt(p.x + 0.6)}" y="${fmt(p.y + 0.6)}" width="${fmt(size - 1.2)}" height="${fmt(size - 1.2)}" rx="2"><title>${esc(tip)}</title></rect>`);
    }
    parts.push('</g>');
    return parts.join('');
  }

  /**
   * The nodes' ranks, as large as the cell allows: a number wider than its cell is narrowed
   * (textLength) rather than made smaller, so 256 nodes stay readable in a narrow column.
   */
  #labels(g) {
    const size = g.shape.cell;
    // large type (A+): numbers nearly as tall as their cells, squeezed in where they must be — the
    // view fits a shorter box with A+ (the player grows), so less would end up hardly larger
    const font = this.large ? Math.min(18, size * 0.98) : Math.min(11, size * 0.64);
    if (font < 6) return '';
    const room = size - 2.4;
    const parts = [`<g class="ocs-node-labels" font-size="${fmt(font)}" text-anchor="middle">`];
    for (let node = 0; node < g.E * g.P; node++) {
      const p = g.cell(node);
      const wide = String(node).length * DIGIT_EM * font > room;
      const squeeze = wide ? ` textLength="${fmt(room)}" lengthAdjust="spacingAndGlyphs"` : '';
      parts.push(`<text x="${fmt(p.cx)}" y="${fmt(p.cy + font * 0.36)}"${squeeze}>${node}</text>`);
    }
    parts.push('</g>');
    return parts.join('');
  }

  /** Overview: per switch a bar of its OCS nodes, filled by those holding a circuit so far. */
  #bars(g) {
    const parts = ['<g class="ocs-bars">'];
    const w = Math.max(3, Math.min(18, g.col * 0.5));
    for (let s = 0; s < g.E; s++) {
      const x = g.colMid(s) - w / 2;
      parts.push(`<rect class="ocs-bar" data-switch="${s}" x="${fmt(x)}" y="${g.gridTop}" width="${fmt(w)}" height="${g.gridH}"><title></title></rect>`);
      parts.push(`<rect class="ocs-bar-used" data-switch="${s}" x="${fmt(x)}" y="${g.gridTop + g.gridH}" width="${fmt(w)}" height="0"/>`);
    }
    parts.push('</g>');
    return parts.join('');
  }

  /** Circuits made so far; the step's circuit and switch pair marked. */
  #applyStep() {
    const r = this.#result();
    const shown = this.circuitsShown;
    const index = this.step ?? null;
    const last = index === null || index >= (r.decisions?.length ?? 0) - 1;
    const decision = index === null ? null : r.decisions?.[index] ?? null;
    const current = decision?.circuit ?? null;
    const pair = new Set((decision?.switches ?? []).map(String));
    this.svg.dataset.circuits = String(shown);
    this.#routeAhead();
    this.svg.dataset.step = index === null ? '' : String(index);
    if (current === null) delete this.svg.dataset.currentCircuit;
    else this.svg.dataset.currentCircuit = String(current);
    for (const rect of this.svg.querySelectorAll('rect.ocs-switch')) rect.classList.toggle('current', pair.has(rect.dataset.switch));
    if (this.geometry.detailed) {
      for (const arc of this.svg.querySelectorAll('path.ocs-arc')) {
        const i = Number(arc.dataset.circuit);
        arc.classList.toggle('later', i >= shown);
        arc.classList.toggle('current', i === current);
      }
      const { holder, unused } = factsOf(r);
      for (const rect of this.svg.querySelectorAll('rect.ocs-node.ocs')) {
        const node = Number(rect.dataset.node);
        const i = holder.get(node);
        const held = i !== undefined && i < shown;
        rect.classList.toggle('held', held);
        rect.classList.toggle('current', held && i === current);
        if (held) rect.dataset.step = String(r.circuits[i].step);
        else delete rect.dataset.step;
        rect.classList.toggle('unused', last && unused.has(node));
      }
    } else {
      this.#overviewStep(shown, pair);
    }
  }

  /** Overview: the bars' used share and the circuits aggregated per switch pair, so far. */
  #overviewStep(shown, pair) {
    const r = this.#result();
    const g = this.geometry;
    const used = new Array(g.E).fill(0);
    const pairs = new Map();
    r.circuits.slice(0, shown).forEach((c) => {
      used[c.switches[0]] += 1;
      used[c.switches[1]] += 1;
      const key = [...c.switches].sort((a, b) => a - b).join('-');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    });
    const k = r.ocs_per_edge || 1;
    for (const bar of this.svg.querySelectorAll('rect.ocs-bar-used')) {
      const s = Number(bar.dataset.switch);
      const h = (g.gridH * Math.min(used[s], k)) / k;
      bar.setAttribute('y', fmt(g.gridTop + g.gridH - h));
      bar.setAttribute('height', fmt(h));
    }
    for (const bar of this.svg.querySelectorAll('rect.ocs-bar')) {
      bar.firstElementChild.textContent = `Switch ${bar.dataset.switch}: ${used[Number(bar.dataset.switch)]} of ${k} OCS nodes hold a circuit`;
    }
    const most = Math.max(1, ...pairs.values());
    const y = g.bandTop + BAND_H;
    const arcs = [...pairs].map(([key, count]) => {
      const [a, b] = key.split('-').map(Number);
      const mark = pair.has(String(a)) && pair.has(String(b)) ? ' current' : '';
      const tip = `Switches ${a} ⇄ ${b}: ${count} circuit${count === 1 ? '' : 's'}`;
      return `<path class="ocs-pair${mark}" data-pair="${key}" d="${arcPath(g.colMid(a), g.colMid(b), y)}" stroke-width="${fmt(1 + 4 * Math.sqrt(count / most))}"><title>${tip}</title></path>`;
    });
    const group = this.svg.querySelector('g.ocs-arcs');
    group.innerHTML = arcs.join('');
    if (pairs.size <= 40) {
      for (const [key, count] of pairs) {
        const [a, b] = key.split('-').map(Number);
        const depth = arcDepth(g.colMid(a), g.colMid(b));
        group.insertAdjacentHTML('beforeend', `<text class="ocs-pair-count" x="${fmt((g.colMid(a) + g.colMid(b)) / 2)}" y="${fmt(y + depth + 11)}" text-anchor="middle">${count}</text>`);
      }
    }
  }

  /** The picked node and the selected route, drawn over the view. */
  #applySelection() {
    const { picked, path } = this.selection;
    const g = this.geometry;
    for (const rect of this.svg.querySelectorAll('rect.ocs-node.picked, rect.ocs-node.on-path')) rect.classList.remove('picked', 'on-path');
    if (picked !== null) this.svg.querySelector(`rect.ocs-node[data-node="${picked}"]`)?.classList.add('picked');
    const overlay = this.svg.querySelector('g.ocs-overlay');
    if (!path?.length) {
      overlay.replaceChildren();
      delete this.svg.dataset.path;
      return;
    }
    const nodes = path.filter((v) => typeof v === 'object' && 'node' in v).map((v) => v.node);
    this.svg.dataset.path = nodes.join(',');
    for (const node of nodes) this.svg.querySelector(`rect.ocs-node[data-node="${node}"]`)?.classList.add('on-path');
    const bandBottom = g.bandTop + BAND_H;
    const at = (v) => {
      if (v === 'upper') return { x: g.upper.x, y: g.upper.y + SWITCH_H / 2 };
      if ('edge' in v) return { x: g.colMid(v.edge), y: g.switchY + SWITCH_H / 2 };
      if (g.detailed) {
        const c = g.cell(v.node);
        return { x: c.cx, y: c.cy };
      }
      return { x: g.colMid(Math.floor(v.node / g.P)), y: g.gridTop + g.gridH / 2 };
    };
    const d = [];
    for (let i = 1; i < path.length; i++) {
      const [u, v] = [path[i - 1], path[i]];
      const a = at(u);
      const b = at(v);
      if (typeof u === 'object' && typeof v === 'object' && 'node' in u && 'node' in v) {
        // over a circuit: down to the band, the arc, up again
        const [pa, pb] = [g.port(u.node), g.port(v.node)];
        d.push(`M${fmt(a.x)} ${fmt(a.y)}L${fmt(pa)} ${fmt(bandBottom)}`, arcPath(pa, pb, bandBottom), `M${fmt(pb)} ${fmt(bandBottom)}L${fmt(b.x)} ${fmt(b.y)}`);
      } else {
        d.push(`M${fmt(a.x)} ${fmt(a.y)}L${fmt(b.x)} ${fmt(b.y)}`);
      }
    }
    const route = document.createElementNS(SVG_NS, 'path');
    route.setAttribute('class', 'ocs-route');
    route.setAttribute('d', d.join(''));
    const ends = [nodes[0], nodes[nodes.length - 1]].map((node) => {
      const p = at({ node });
      const dot = document.createElementNS(SVG_NS, 'circle');
      dot.setAttribute('class', 'ocs-route-end');
      dot.setAttribute('cx', fmt(p.x));
      dot.setAttribute('cy', fmt(p.y));
      dot.setAttribute('r', '3');
      return dot;
    });
    overlay.replaceChildren(route, ...ends);
    this.#routeAhead();
  }

  /** The route dashed while it crosses a circuit the shown step has not made yet. */
  #routeAhead() {
    const ahead = this.selection.circuits.some((i) => i >= this.circuitsShown);
    this.svg.querySelector('g.ocs-overlay')?.classList.toggle('ahead', ahead);
  }
}

/** The view's legend as `{colour, text, node}` entries: node by node the three steps, OCS nodes and widths; the overview's bars and counts; the route. */
function legendEntries(detailed) {
  const route = { colour: ROUTE_COLOUR, text: 'selected route' };
  if (!detailed) return [{ colour: STEP_COLOURS[2], text: 'bar: a switch’s OCS nodes holding a circuit; arc: the circuits between two switches, as wide as their count (written under it when there is room)' }, route];
  return [...STEPS.map((s) => ({ colour: s.color, text: s.name })), { node: true, text: 'OCS node, the lowest ranks (dashed: unused); arc width: bytes' }, route];
}

/** The legend as the page's list. */
function legendItems(detailed) {
  return legendEntries(detailed).map(({ colour, text, node }) => el('li', {}, el('span', { class: node ? 'ocs-swatch ocs-swatch-node' : 'ocs-swatch', style: node ? '' : `background: ${colour}` }), el('span', { text })));
}

/** The legend as SVG rows under a drawing `width` wide from `top` (for a file, where the page's list is not): its markup and height. */
function legendSvg(detailed, width, top) {
  const [row, font] = [17, 11];
  const parts = [`<g class="ocs-file-legend" font-size="${font}">`];
  let [x, y] = [8, top + 6];
  for (const { colour, text, node } of legendEntries(detailed)) {
    const room = 30 + text.length * font * 0.52 + 18; // a swatch, the text at about half an em a character, a gap
    if (x > 8 && x + room > width) [x, y] = [8, y + row];
    parts.push(node ? `<rect x="${x + 6}" y="${y + 2}" width="11" height="11" rx="2" style="fill:var(--switch-fill,#f4f6fa);stroke:var(--fg,#1b2130);stroke-width:1.6"/>` : `<rect x="${x}" y="${y + 5}" width="24" height="5" rx="2" fill="${colour}"/>`);
    parts.push(`<text x="${x + 30}" y="${y + 11}">${esc(text)}</text>`);
    x += room;
  }
  parts.push('</g>');
  return { markup: parts.join(''), height: y + row + 4 - top };
}
