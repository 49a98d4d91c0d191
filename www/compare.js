// Compare mode (issue 28): two configurations of the shown lab side by side. "A" is pinned —
// the run that was on screen when Compare was pressed, or the one a link names — and runs in a
// worker of its own; "B" is the lab as its controls set it, the run the page has always shown.
// A's figure stands left of B's and follows B's step (the same step index where A has it, else
// A's last: steps correspond by their order), both results are one table with B − A (the
// core's `compareResults`, the table `topolab run` prints for a Scenario with `compare`), and a
// link holds both (the Scenario's `compare`). Nothing here names a lab: each side is labelled
// with its own run's label (www/run-label.js), and where the two labels are alike with the
// settings that differ (`differences`, from the two sections themselves).
import { byId, el, show } from './dom.js';
import { readable } from './run-label.js';
import { isEmbed } from './permalink.js';

/** A value as the table shows it: numbers to 4 significant digits, lists by their length. */
function cell(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en') : Number(value.toPrecision(4)).toString();
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 37)}…` : value;
  if (Array.isArray(value)) return JSON.stringify(value).replace(/,/g, ', ');
  return String(value);
}

function differenceText(row) {
  if (row.difference === null || row.difference === undefined) return JSON.stringify(row.a) === JSON.stringify(row.b) ? '=' : 'differs';
  if (row.difference === 0) return '=';
  const sign = row.difference > 0 ? '+' : '−';
  const size = cell(Math.abs(row.difference));
  return row.relative === null || row.relative === undefined ? `${sign}${size}` : `${sign}${size} (${sign}${Math.abs(100 * row.relative).toFixed(1)}%)`;
}

/** A field name as words: `avg_path_length` → "avg path length", `a.b` → "a · b". */
function fieldText(field) {
  return field.replace(/_/g, ' ').replace(/\./g, ' · ');
}

/**
 * What sets one configuration apart from the other: the settings of its section that differ
 * (and the seed), as "scheme cowen · tmax 8"; "the same settings" when none does.
 */
export function differences(mine, other) {
  const parts = [];
  const keys = new Set([...Object.keys(mine.section ?? {}), ...Object.keys(other.section ?? {})]);
  for (const key of keys) {
    const [x, y] = [JSON.stringify(mine.section?.[key] ?? null), JSON.stringify(other.section?.[key] ?? null)];
    const value = mine.section?.[key] ?? null;
    if (x !== y) parts.push(`${key.replace(/_/g, ' ')} ${value === '' ? '(empty)' : cell(value)}`);
  }
  if (String(mine.seed) !== String(other.seed)) parts.push(`seed ${mine.seed}`);
  return parts.length ? parts.join(' · ') : 'the same settings';
}

/** The compare pane beside the figure and the table in the shown lab's results panel. */
export class CompareView {
  /** `onSwap()`: A and B trade places; `onClose()`: leave compare mode. */
  constructor({ onSwap, onClose }) {
    this.url = null;
    this.pane = el('section', { id: 'compare-pane', class: 'compare-pane', 'aria-label': 'Configuration A (pinned), beside B', hidden: true });
    this.label = el('p', { class: 'compare-label', id: 'compare-a-label' });
    this.image = el('img', { id: 'compare-figure', alt: 'Figure of configuration A' });
    this.message = el('p', { class: 'figure-message', hidden: true });
    this.stepText = el('p', { class: 'compare-step', id: 'compare-a-step' });
    const swap = el('button', { type: 'button', id: 'compare-swap', class: 'tool', title: 'A and B trade places: B is pinned and the controls take A', text: 'Swap A ⇄ B' });
    const close = el('button', { type: 'button', id: 'compare-close', class: 'tool', title: 'Leave compare mode (B stays)', text: 'Close' });
    swap.addEventListener('click', () => onSwap());
    close.addEventListener('click', () => onClose());
    const head = el('div', { class: 'compare-head' }, el('strong', { text: 'A' }), this.label, swap, close);
    this.pane.append(head, el('div', { class: 'compare-figure' }, this.image, this.message), this.stepText);
    const wrap = byId('figure').parentElement;
    wrap.insertBefore(this.pane, byId('figure'));
    this.bLabel = el('p', { class: 'compare-b-label', id: 'compare-b-label', hidden: true });
    wrap.insertBefore(this.bLabel, byId('figure'));

    this.box = el('section', { id: 'compare-box', class: 'compare-box', 'aria-label': 'A and B compared', hidden: true });
    this.status = el('p', { class: 'compare-status' });
    // which run each column is: A pinned, B the lab's shown run
    this.sides = el('dl', { class: 'compare-sides', id: 'compare-sides' });
    this.table = el('table', { id: 'compare-table', class: 'compare-table' });
    this.box.append(el('h3', { text: 'A and B compared' }), this.sides, this.status, this.table);
  }

  /** Show or hide compare mode's parts; the table goes into the results panel `panel`. */
  show(on, panel = null) {
    show(this.pane, on);
    show(this.bLabel, on);
    show(this.box, on);
    document.body.classList.toggle('comparing', on);
    if (!on) this.#setImage(null);
    else if (isEmbed()) this.#under(byId('stage-top'));
    else if (panel) this.#first(panel);
  }

  /** In an embed (no results panel): the table under the figures, only its rows that differ (style.css), so a slide shows B − A. */
  #under(stage) {
    if (this.box.parentElement === stage) return;
    this.box.tabIndex = 0; // it may scroll: reachable by keyboard
    stage.append(this.box);
  }

  /** First in the results panel, under the line that names the run it shows (app.js `showViewNote`). */
  #first(panel) {
    const first = panel.querySelector(':scope > .run-of');
    if ((first ? first.nextElementSibling : panel.firstElementChild) === this.box) return;
    if (first) first.after(this.box);
    else panel.prepend(this.box);
  }

  /** The labels of A's run and B's, over the figures and over the table. */
  setLabels(a, b) {
    this.label.textContent = a;
    this.bLabel.textContent = `B · ${b}`;
    this.bLabel.title = this.bLabel.textContent;
    this.sides.replaceChildren(el('dt', { text: 'A' }), el('dd', { 'data-side': 'a', text: a }), el('dt', { text: 'B' }), el('dd', { 'data-side': 'b', text: b }));
  }

  /** A's figure (one SVG document, as an image: nothing in it runs), or a message instead. */
  showFigure(svg, message = null) {
    this.#setImage(svg);
    show(this.image, Boolean(svg));
    this.message.textContent = message ?? '';
    show(this.message, !svg);
  }

  /** A's step beside B's (its title), or a word on why there is none. */
  showStep(text) {
    this.stepText.textContent = text;
  }

  /** The table of `rows` (`compareResults`), or `status` alone (running, failed). */
  showTable(rows, status = '') {
    this.status.textContent = status;
    this.table.replaceChildren();
    if (!rows) return;
    const head = el('tr', {}, el('th', { scope: 'col', text: 'result' }), el('th', { scope: 'col', text: 'A' }), el('th', { scope: 'col', text: 'B' }), el('th', { scope: 'col', text: 'B − A' }));
    const body = rows.map((row) => {
      // words wrap whole, specs and lists after their separators (a <wbr>: the text stays
      // as it is), never inside a word: "cowen" must not become "cowe / n" in a narrow panel
      const value = (v) => {
        if (typeof v === 'number') return el('td', { class: 'num', text: cell(v) });
        // a network or matrix from a file by its name, not its packed payload
        const parts = cell(readable(v)).split(/(?<=[:,/=x])/);
        return el('td', { class: 'text' }, ...parts.flatMap((part, i) => (i ? [el('wbr'), part] : [part])));
      };
      const tr = el('tr', { 'data-field': row.field }, el('th', { scope: 'row', text: fieldText(row.field) }), value(row.a), value(row.b), el('td', { class: 'difference', text: differenceText(row) }));
      if (differenceText(row) !== '=') tr.classList.add('differs');
      return tr;
    });
    const columns = el('colgroup', {}, el('col', { class: 'field' }), el('col'), el('col'), el('col'));
    this.table.append(columns, el('thead', {}, head), el('tbody', {}, ...body));
  }

  #setImage(svg) {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null;
    if (this.url) this.image.src = this.url;
    else this.image.removeAttribute('src');
  }
}
