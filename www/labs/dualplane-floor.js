// The Dual-plane lab's rack floor (paper 004 §3.1): racks 80 cm wide and 150 cm deep side by
// side in rows 100 cm apart, 4 switch ids per rack (rack r at column r mod wide, row
// ⌊r / wide⌋), and the core's switch–switch cables between rack centres, coloured by their
// Table 2 length. Up to 64 racks (n ≤ 8) every rack pair is its own arc with its count; beyond,
// each plane and length is one thin path, so 64 × 16 racks stay a readable density picture.
import { el, show } from '../dom.js';
import { download, svgBlob } from '../exporting.js';

const RACK_WIDTH_CM = 80;
const RACK_DEPTH_CM = 150;
const AISLE_CM = 100;
const ROW_PITCH_CM = RACK_DEPTH_CM + AISLE_CM;
const SWITCH_IDS_PER_RACK = 4;
/** Above this many racks the cables are drawn per plane and length, not per rack pair. */
const DETAILED_RACKS = 64;
/** The drawing's largest scale (a rack 96 px wide) and height, so one or two racks stay small. */
const MAX_PX_PER_CM = 1.2;
const MAX_HEIGHT_PX = 460;

/** Table 2's cables (m) and their colours: copper green to orange, optical red to blue. */
export const CABLES = [
  { length: 2, kind: 'copper', color: '#2e9e5b' },
  { length: 2.5, kind: 'copper', color: '#7cb342' },
  { length: 3, kind: 'copper', color: '#b5b82a' },
  { length: 4, kind: 'copper', color: '#f2a516' },
  { length: 5, kind: 'copper', color: '#ef6c00' },
  { length: 10, kind: 'optical', color: '#e53935' },
  { length: 15, kind: 'optical', color: '#d81b60' },
  { length: 20, kind: 'optical', color: '#8e24aa' },
  { length: 30, kind: 'optical', color: '#5e35b1' },
  { length: 50, kind: 'optical', color: '#3949ab' },
  { length: 100, kind: 'optical', color: '#1e88e5' },
];
const UNKNOWN_CABLE = { kind: 'other', color: '#888888' };

const cableOf = (length) => CABLES.find((c) => c.length === length) ?? { ...UNKNOWN_CABLE, length };
const metres = (m) => `${m} m`;
const planesOf = (which) => (which === 'both' ? [0, 1] : [Number(which)]);

/** Where rack `r` stands (cm): its top-left corner and its centre. */
function rackPlace(r, wide) {
  const x = (r % wide) * RACK_WIDTH_CM;
  const y = Math.floor(r / wide) * ROW_PITCH_CM;
  return { x, y, cx: x + RACK_WIDTH_CM / 2, cy: y + RACK_DEPTH_CM / 2 };
}

/**
 * The arc between two rack centres (cm): a quadratic curve bulging to one side for plane 0 and
 * to the other for plane 1 (so both planes' cables between the same racks stay apart). Returns
 * the path data; `bounds` [minX, minY, maxX, maxY] grows to hold the curve's middle.
 */
function arc(a, b, plane, bounds) {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  const length = Math.hypot(dx, dy);
  const bulge = Math.min(0.25 * length, 0.9 * ROW_PITCH_CM) * (plane === 0 ? -1 : 1);
  const qx = Math.round((a.cx + b.cx) / 2 - (dy / length) * bulge);
  const qy = Math.round((a.cy + b.cy) / 2 + (dx / length) * bulge);
  const mx = (a.cx + b.cx) / 4 + qx / 2;
  const my = (a.cy + b.cy) / 4 + qy / 2;
  if (mx < bounds[0]) bounds[0] = mx;
  if (my < bounds[1]) bounds[1] = my;
  if (mx > bounds[2]) bounds[2] = mx;
  if (my > bounds[3]) bounds[3] = my;
  return `M${a.cx} ${a.cy}Q${qx} ${qy} ${b.cx} ${b.cy}`;
}

/** A result's cable groups (columns: plane, from, to, length_m, count) as one object each, made once per result. */
const groupsOf = memo((r) => {
  const g = r.rack_cables;
  return g.plane.map((plane, i) => ({ plane, racks: [g.from[i], g.to[i]], length_m: g.length_m[i], count: g.count[i] }));
});

/**
 * A result's arcs between racks, both planes, longest first (drawn under the short ones), and
 * the frame that holds them: made once per result, so a plane toggle or a resize only filters
 * them and the drawing keeps its frame.
 */
const arcsOf = memo((r) => {
  const [wide, deep] = r.racks;
  const place = Array.from({ length: wide * deep }, (_, i) => rackPlace(i, wide));
  const bounds = [0, 0, wide * RACK_WIDTH_CM, deep * ROW_PITCH_CM - AISLE_CM];
  const all = groupsOf(r)
    .filter((c) => c.racks[0] !== c.racks[1])
    .map((c) => ({ cable: c, d: arc(place[c.racks[0]], place[c.racks[1]], c.plane, bounds) }));
  return { all: all.sort((a, b) => b.cable.length_m - a.cable.length_m), bounds };
});

/** `make(result)` once per result object (a cache keyed by the result, which it does not keep alive). */
function memo(make) {
  const made = new WeakMap();
  return (r) => {
    if (!made.has(r)) made.set(r, make(r));
    return made.get(r);
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export class FloorView {
  /**
   * `box`: where the SVG goes; the card holds the plane buttons, the summary and the legend.
   * `shown()` is the lab's shown run (the page's record, `ctx.current()`): the floor draws its
   * result and keeps none of its own.
   */
  constructor(box, { shown, fileStem, notify }) {
    this.box = box;
    this.card = box.closest('.card');
    this.shown = shown;
    this.planes = 'both';
    this.width = 0;
    this.buttons = [...this.card.querySelectorAll('button.dp-plane')];
    for (const button of this.buttons) button.addEventListener('click', () => this.setPlanes(button.dataset.plane));
    this.legend = this.card.querySelector('.dp-legend');
    // hovering or focusing a length in the legend dims the other cables
    const focus = (event) => {
      const item = event.target.closest?.('li[data-length]');
      if (item) this.box.dataset.focus = item.dataset.length;
      else delete this.box.dataset.focus;
    };
    this.legend.addEventListener('pointerover', focus);
    this.legend.addEventListener('pointerleave', () => delete this.box.dataset.focus);
    this.legend.addEventListener('focusin', focus);
    this.legend.addEventListener('focusout', () => delete this.box.dataset.focus);
    this.card.querySelector('#dp-floor-svg').addEventListener('click', () => {
      const svg = this.box.querySelector('svg');
      if (!svg) return notify('Run the lab first.');
      const name = `${fileStem()}-floor.svg`;
      download(name, svgBlob(new XMLSerializer().serializeToString(svg)));
      notify(`Downloaded ${name}`);
    });
    // the labels' size follows the drawn width: draw again when the card changes width
    new ResizeObserver(() => {
      const width = this.box.clientWidth;
      if (this.#result() && width && Math.abs(width - this.width) > 8) this.#render();
    }).observe(this.box);
  }

  /** The shown run's result, or null before the lab's first good run. */
  #result() {
    return this.shown()?.result ?? null;
  }

  /** Draw the shown run's racks and cables (a new run is shown). */
  show() {
    if (this.#result()) this.#render();
  }

  /** Draw plane 0, plane 1 or both ('0', '1', 'both'). */
  setPlanes(which) {
    this.planes = which;
    for (const button of this.buttons) button.setAttribute('aria-pressed', String(button.dataset.plane === which));
    if (this.#result()) this.#render();
  }

  #render() {
    const r = this.#result();
    const [wide, deep] = r.racks;
    const racks = wide * deep;
    const planes = planesOf(this.planes);
    const cables = groupsOf(r).filter((c) => planes.includes(c.plane));
    const detailed = racks <= DETAILED_RACKS;
    this.width = this.box.clientWidth || 700;
    const place = Array.from({ length: racks }, (_, i) => rackPlace(i, wide));
    const { bounds, all } = arcsOf(r);
    const arcs = all.filter((a) => planes.includes(a.cable.plane));

    // racks hold switch ids 4r…4r+3 (fewer when the network is smaller than one rack)
    const ids = 2 ** r.n;
    const intra = new Array(racks).fill(0);
    for (const c of cables) if (c.racks[0] === c.racks[1]) intra[c.racks[0]] += c.count;
    const pad = 20;
    const view = [bounds[0] - pad, bounds[1] - pad, bounds[2] - bounds[0] + 2 * pad, bounds[3] - bounds[1] + 2 * pad].map(Math.round);
    const px = Math.min(this.width / view[2], MAX_PX_PER_CM, MAX_HEIGHT_PX / view[3]); // screen pixels per cm
    const font = 11 / px;
    const rackPx = RACK_WIDTH_CM * px;

    // racks: tinted by the cables inside them (four shades, as classes of the drawing's style)
    const most = Math.max(1, ...intra);
    const shade = (i) => Math.min(3, Math.floor((4 * intra[i]) / (most + 1)));
    const rackText = (i) => `Rack ${i} (column ${i % wide}, row ${Math.floor(i / wide)}): switch ids ${i * SWITCH_IDS_PER_RACK}–${Math.min(ids, (i + 1) * SWITCH_IDS_PER_RACK) - 1} of both planes; ${intra[i]} cables inside the rack (2 m)`;
    const style = [0, 1, 2, 3].map((k) => `.dp-rack.s${k}{fill:color-mix(in srgb,${CABLES[0].color} ${6 + 5 * k}%,var(--switch-fill,#f4f6fa))}`).join('');
    const parts = [
      `<svg xmlns="${SVG_NS}" viewBox="${view.join(' ')}" width="${Math.round(view[2] * px)}" height="${Math.round(view[3] * px)}" class="dp-floor-svg ${detailed ? 'detailed' : 'aggregated'}" role="img" font-family="system-ui, sans-serif" font-size="${font.toFixed(1)}" aria-label="Rack floor: ${wide} × ${deep} racks, switch–switch cables of ${this.planes === 'both' ? 'both planes' : `plane ${this.planes}`} between rack centres, coloured by length">`,
      `<style>${style}.dp-floor-svg text{fill:var(--fg,#222)}</style>`,
      // one title for the group, set on hover, where a title per rack would be thousands
      `<g class="racks" stroke="var(--muted, #555)" stroke-width="${detailed ? 1 : 0.5}" stroke-opacity="${detailed ? 0.8 : 0.45}">${detailed ? '' : '<title></title>'}`,
    ];
    for (let i = 0; i < racks; i++) {
      const p = place[i];
      const tip = detailed ? `<title>${rackText(i)}</title>` : '';
      parts.push(`<rect class="dp-rack s${shade(i)}" data-rack="${i}" x="${p.x}" y="${p.y}" width="${RACK_WIDTH_CM}" height="${RACK_DEPTH_CM}" vector-effect="non-scaling-stroke">${tip}</rect>`);
      const first = i * SWITCH_IDS_PER_RACK;
      const range = `${first}–${Math.min(ids, first + SWITCH_IDS_PER_RACK) - 1}`;
      const label = range.length * 6.5 <= rackPx - 4 ? range : String(first).length * 6.5 <= rackPx - 4 ? String(first) : null;
      if (label) parts.push(`<text x="${p.cx}" y="${(p.y + 1.3 * font).toFixed(1)}" text-anchor="middle" stroke="none" class="dp-rack-label">${label}</text>`);
      if (detailed && intra[i] && rackPx >= 26) parts.push(`<text x="${p.cx}" y="${(p.y + RACK_DEPTH_CM - 0.5 * font).toFixed(1)}" text-anchor="middle" stroke="none" class="dp-intra">↻${intra[i]}</text>`);
    }
    parts.push('</g><g class="cables" fill="none" stroke-linecap="round">');
    if (detailed) {
      // a few arcs are drawn bold by count; hundreds (n = 7, 8 with a set of long cables) thin and light
      const busiest = Math.max(1, ...arcs.map((a) => a.cable.count));
      const [base, extra, opacity] = arcs.length <= 48 ? [1.2, 3, 0.85] : [0.7, 1.3, 0.55];
      for (const { cable: c, d } of arcs) {
        const width = (base + extra * Math.sqrt(c.count / busiest)).toFixed(2);
        const tip = `Plane ${c.plane}: ${c.count} cable${c.count === 1 ? '' : 's'} of ${metres(c.length_m)} between racks ${c.racks[0]} and ${c.racks[1]}`;
        parts.push(`<path class="dp-cable" data-plane="${c.plane}" data-length="${c.length_m}" data-racks="${c.racks.join('-')}" d="${d}" stroke="${cableOf(c.length_m).color}" stroke-width="${width}" vector-effect="non-scaling-stroke" opacity="${opacity}"><title>${tip}</title></path>`);
      }
    } else {
      // one path per plane and length: thousands of rack pairs at n = 12
      const groups = new Map();
      for (const { cable: c, d } of arcs) {
        const key = `${c.plane}:${c.length_m}`;
        const g = groups.get(key) ?? { plane: c.plane, length: c.length_m, d: [], cables: 0, pairs: 0 };
        g.d.push(d);
        g.cables += c.count;
        g.pairs += 1;
        groups.set(key, g);
      }
      for (const g of groups.values()) {
        const tip = `Plane ${g.plane}: ${g.cables} cables of ${metres(g.length)} between ${g.pairs} rack pairs`;
        parts.push(`<path class="dp-cable" data-plane="${g.plane}" data-length="${g.length}" d="${g.d.join('')}" stroke="${cableOf(g.length).color}" stroke-width="0.8" vector-effect="non-scaling-stroke" opacity="0.35"><title>${tip}</title></path>`);
      }
    }
    parts.push('</g></svg>');
    this.box.innerHTML = parts.join('');
    if (!detailed) {
      const group = this.box.querySelector('g.racks');
      const tip = group.firstElementChild;
      group.addEventListener('pointerover', (event) => {
        const rack = event.target.closest?.('rect.dp-rack');
        if (rack) tip.textContent = rackText(Number(rack.dataset.rack));
      });
    }
    this.#legend(cables);
    this.#summary(r, cables, wide, deep);
  }

  /** Table 2's lengths with the shown planes' counts (lengths not used are greyed). */
  #legend(cables) {
    const counts = new Map();
    for (const c of cables) counts.set(c.length_m, (counts.get(c.length_m) ?? 0) + c.count);
    const extra = [...counts.keys()].filter((m) => !CABLES.some((c) => c.length === m)).map(cableOf);
    const items = [];
    let kind = null;
    for (const cable of [...CABLES, ...extra]) {
      if (cable.kind !== kind) {
        kind = cable.kind;
        items.push(el('li', { class: 'dp-legend-group', text: kind === 'copper' ? 'Copper' : kind === 'optical' ? 'Optical' : 'Other' }));
      }
      const count = counts.get(cable.length) ?? 0;
      items.push(
        el(
          'li',
          { class: count ? null : 'absent', 'data-length': String(cable.length), 'data-count': String(count), tabindex: count ? '0' : null, title: count ? `${count} cables of ${metres(cable.length)}: hover to pick them out` : `no ${metres(cable.length)} cables` },
          el('span', { class: 'dp-swatch', style: `background: ${cable.color}` }),
          el('span', { class: 'dp-legend-length', text: metres(cable.length) }),
          el('span', { class: 'dp-legend-count', text: count ? `×${count}` : '' }),
        ),
      );
    }
    this.legend.replaceChildren(...items);
  }

  #summary(r, cables, wide, deep) {
    const total = cables.reduce((sum, c) => sum + c.count, 0);
    const longest = cables.reduce((most, c) => Math.max(most, c.length_m), 0);
    const which = this.planes === 'both' ? 'both planes' : `plane ${this.planes}`;
    const drawn = wide * deep > DETAILED_RACKS ? ' Each plane and length is drawn as one thin path (hover for its count).' : ' Arc width follows the number of cables; ↻ counts the cables inside a rack.';
    const text =
      `${wide} × ${deep} rack${wide * deep === 1 ? '' : 's'} (row-major, 80 × 150 cm, aisles of 100 cm), 4 switch ids per rack (16 nodes). ` +
      `${which[0].toUpperCase()}${which.slice(1)}: ${total} switch–switch cables, the longest ${metres(longest)}; average over both planes ${r.avg_cable_m.toFixed(2)} m (identical planes ${r.baseline.avg_cable_m.toFixed(2)} m).${drawn}`;
    const summary = this.card.querySelector('#dp-floor-summary');
    summary.textContent = text;
    show(summary, true);
  }
}
