// Guided tours (issue 28): plays a tour of www/tour-list.js in a card above the figure — each
// stop set up through the page (`host`, app.js `tourHost`: the lab's form, its run, its step;
// the section a stop runs is built here from the lab's catalog entry, `stopSetup`),
// its text, "stop k of N", ← → and Close, and on the last stop the paper's number beside ours,
// read from the run's output. While a tour is open ← → (and a clicker's PageDown PageUp) move
// between stops and Escape closes it — the page's key map (www/keys.js) calls forward(), back()
// and close(); the step player keeps Home, End and Space. The address holds `#tour=ID&stop=K`,
// and so do Share and Embed (`tourShareHash`). Also the start screen a first-time visitor sees
// (the tours and the labs, and links into the docs), reopened by "Tours".
import { TOURS } from './tour-list.js';
import { announce, byId, el, quietly, show, trackHeight } from './dom.js';
import { holdHash, isEmbed } from './permalink.js';

/** localStorage key: the start screen was dismissed once. */
const WELCOMED = 'topolab.welcomed';

/** `{id, stop}` (stop from 1) of a tour's link (`tour=ID&stop=K`, the hash without '#'), or null. */
export function tourLink(hash) {
  if (!hash?.startsWith('tour=')) return null;
  const params = new URLSearchParams(hash);
  const stop = Number(params.get('stop') ?? 1);
  return { id: params.get('tour') ?? '', stop: Number.isInteger(stop) && stop > 0 ? stop : 1 };
}

export function isTourLink(hash) {
  return tourLink(hash) !== null;
}

/** The address of a tour's stop, or null for a lecturer's tour too long for a link. */
function hashOf(tour, index) {
  return tour.id === null ? null : `tour=${encodeURIComponent(tour.id)}&stop=${index + 1}`;
}

/** The prefix of a lecturer's tour packed into its link (src/scenario/tour.rs `TOUR_VERSION`). */
const PACKED = /^t\d+\./;

/**
 * A lecturer's tour (www/tour-composer.js: the core's checked JSON) as the player plays it:
 * `link` is its packed link (its id), or null when it is too long for one (`why`).
 */
export function ownTour(json, link, why = null) {
  return {
    id: link,
    own: true,
    why,
    title: json.title || 'A lecturer’s tour',
    json,
    stops: json.stops.map((stop) => ({ ...stop, text: stop.note || '(no note)' })),
  };
}

/** A plain object (not a list, not null): where a stop's settings merge per key. */
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `base` overlaid by `over`, an object in both merged per key. A key `base` does not have is
 * refused, by its dotted path (`readings.tie`) and `where` it came from: a setting the lab no
 * longer has must fail loudly, not be dropped.
 */
function overlay(base, over, where, path = '') {
  const out = { ...base };
  for (const [key, value] of Object.entries(over ?? {})) {
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(base, key)) throw new Error(`${where} has no setting '${at}'`);
    out[key] = isObject(value) && isObject(base[key]) ? overlay(base[key], value, where, at) : value;
  }
  return out;
}

/**
 * What a stop of www/tour-list.js runs, `{lab, seed, section, step}`: the section is the lab's
 * defaults (`entry`: the lab's entry of the core's catalog), overlaid by the section of the
 * preset the stop names, overlaid by its `settings` (an object such as `readings` merges per
 * key). Throws on a lab, a preset or a setting the catalog does not have.
 * @param {{ lab: string, preset?: string, seed: number, settings?: object, step?: number | 'last' | null }} stop
 * @param {import('./types/core').LabEntry | null | undefined} entry
 */
export function stopSetup(stop, entry) {
  if (!entry) throw new Error(`this page has no lab '${stop.lab}' (or not yet: its catalog is loading)`);
  let section = /** @type {Record<string, any>} */ (entry.defaults);
  if (stop.preset !== undefined) {
    const preset = entry.presets.find((p) => p.id === stop.preset);
    if (!preset) throw new Error(`the ${stop.lab} lab has no preset '${stop.preset}' (its presets: ${entry.presets.map((p) => p.id).join(', ') || 'none'})`);
    section = overlay(section, preset.section, `the ${stop.lab} lab (its preset ${preset.id})`);
  }
  section = overlay(section, stop.settings, `the ${stop.lab} lab`);
  return { lab: stop.lab, seed: stop.seed, section, step: stop.step ?? null };
}

/** The paper rows of a stop (one object or a list), as a list. */
function paperRows(stop) {
  return stop.paper ? [stop.paper].flat() : [];
}

/**
 * The value an `ours` names (see www/tour-list.js) in a run's output: `out` is this stop's
 * `{result, steps, step}`; `resultOf(k)` resolves to stop k's result. Throws when it is not there
 * (a tour that names a field a lab does not have must fail loudly, not show a blank).
 */
export async function valueOf(spec, out, resultOf) {
  const at = (object, path) => {
    let value = object;
    for (const key of String(path).split('.')) {
      if (value === null || value === undefined || !(key in Object(value))) throw new Error(`the run has no ${path}`);
      value = value[key];
    }
    return value;
  };
  if (typeof spec === 'string') return at(out.result, spec);
  if (spec.step !== undefined) {
    const metrics = out.steps?.[out.step]?.metrics ?? [];
    const found = metrics.find(([name]) => name === spec.step);
    if (!found) throw new Error(`the step shown has no ${spec.step}`);
    return found[1];
  }
  if (spec.stop !== undefined) return at(await resultOf(spec.stop), spec.path);
  const both = async (pair) => Promise.all(pair.map((x) => valueOf(x, out, resultOf)));
  if (spec.change) {
    const [a, b] = await both(spec.change);
    return a / b - 1;
  }
  if (spec.ratio) {
    const [a, b] = await both(spec.ratio);
    return a / b;
  }
  if (spec.of !== undefined) return (await valueOf(spec.of, out, resultOf)) * spec.scale;
  throw new Error(`cannot read ${JSON.stringify(spec)}`);
}

/** How an `ours` shows: a change signed, a ratio as a share, a number to a few figures. */
export function formatValue(spec, value, unit = '') {
  if (typeof value !== 'number') return String(value);
  if (spec?.change) return `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)}%`;
  if (spec?.ratio) return `${(value * 100).toFixed(1)}%`;
  const digits = Number.isInteger(value) ? 0 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 3 : 4;
  const text = Number.isInteger(value) ? String(value) : String(Number(value.toFixed(digits)));
  return unit ? `${text} ${unit}` : text;
}

/**
 * The start screen's way into the docs (issue 62): getting started, the glossary and the docs'
 * index, each in a new tab as the header's Docs link opens them, from that link's address; null
 * where the page has no such link (the single offline file: no docs beside it).
 */
function docsLinks() {
  const docs = document.getElementById('docs')?.getAttribute('href');
  if (!docs) return null;
  const base = docs.endsWith('/') ? docs : `${docs}/`;
  const link = (page, text, id) =>
    el('a', { id, href: `${base}${page}`, target: '_blank', rel: 'noopener', 'aria-label': `${text} (opens in a new tab)` }, text, el('span', { class: 'new-tab', 'aria-hidden': 'true', text: '↗' }));
  return el(
    'p',
    { class: 'start-docs' },
    'New here? ',
    link('getting-started.html', 'Getting started', 'start-getting-started'),
    ' · ',
    link('glossary.html', 'Glossary', 'start-glossary'),
    ' · ',
    link('', 'Docs', 'start-docs-index'),
  );
}

/** The tour player and the start screen. */
class Tours {
  constructor(host) {
    this.host = host;
    this.tour = null;
    this.index = 0;
    this.seq = 0;
    this.results = new Map(); // stop index → that stop's result, as shown
    this.buildCard();
    this.buildStart();
    document.getElementById('tours')?.addEventListener('click', () => this.openStart());
    const link = tourLink(decodedHash());
    if (link) holdHash(`tour=${link.id}&stop=${link.stop}`); // the page's first run must not overwrite it
    else if (!isEmbed() && !location.hash && !welcomed()) this.openStart();
  }

  buildCard() {
    this.title = el('span', { class: 'tour-title' });
    this.count = el('span', { class: 'tour-count' });
    this.prev = el('button', { type: 'button', class: 'tour-prev', 'aria-label': 'Previous stop (←)', title: 'Previous stop (←)', text: '←', onclick: () => this.go(this.index - 1) });
    this.next = el('button', { type: 'button', class: 'tour-next primary', 'aria-label': 'Next stop (→)', title: 'Next stop (→)', text: '→' });
    this.next.addEventListener('click', () => this.go(this.index + 1));
    const close = el('button', { type: 'button', class: 'tour-close', 'aria-label': 'Close the tour (Escape)', title: 'Close the tour (Escape)', text: 'Close', onclick: () => this.close() });
    // a lecturer's tour (one from a link too): edit it in "Your tour"
    this.edit = el('button', { type: 'button', class: 'tour-edit', title: 'Edit this tour in “Your tour”', text: 'Edit', hidden: true, onclick: () => this.host.editTour(this.tour.json) });
    this.text = el('p', { class: 'tour-text' });
    this.mark = el('p', { class: 'tour-highlight' });
    this.paper = el('div', { class: 'tour-paper' });
    this.status = el('p', { class: 'tour-status' });
    this.card = el(
      'section',
      { id: 'tour-card', class: 'tour-card', 'aria-label': 'Guided tour', hidden: true },
      el('div', { class: 'tour-head' }, this.title, this.count, el('span', { class: 'tour-buttons' }, this.prev, this.next, this.edit, close)),
      this.text,
      this.mark,
      this.paper,
      this.status,
    );
    byId('stage-top').prepend(this.card);
    trackHeight(this.card, '--tour-h'); // a lab whose own view has a fixed height leaves room for it
  }

  buildStart() {
    const tours = el(
      'ul',
      { class: 'start-tours' },
      TOURS.map((tour) =>
        el(
          'li',
          {},
          el(
            'button',
            { type: 'button', class: 'start-tour', 'data-tour': tour.id, onclick: () => this.startTour(tour.id) },
            el('span', { class: 'start-ref', text: `Paper ${tour.paper} · ${tour.figure}` }),
            el('span', { class: 'start-name', text: tour.title }),
            el('span', { class: 'start-stops', text: `${tour.stops.length} stops` }),
          ),
        ),
      ),
    );
    const labs = el(
      'ul',
      { class: 'start-labs' },
      this.host.labs().map((lab) =>
        el('li', {}, el('button', { type: 'button', class: 'start-lab', 'data-lab': lab.name, onclick: () => this.startLab(lab.name) }, el('span', { class: 'start-name', text: lab.label }), el('span', { class: 'start-about', text: lab.about.replace(new RegExp(`^${lab.label}: `, 'i'), ''), title: lab.about }))),
      ),
    );
    this.start = el(
      'dialog',
      { id: 'start-screen', class: 'start-screen', 'aria-labelledby': 'start-heading' },
      el('h2', { id: 'start-heading', text: 'Welcome to Topolab' }),
      el('p', { class: 'start-intro', text: 'Interconnection networks from five papers, computed in this tab. Take a guided tour of a paper\'s figure — → moves to the next stop, Escape leaves — or open a lab and explore.' }),
      el('div', { class: 'start-columns' }, el('section', { 'aria-labelledby': 'start-tours-heading' }, el('h3', { id: 'start-tours-heading', text: 'Guided tours' }), tours), el('section', { 'aria-labelledby': 'start-labs-heading' }, el('h3', { id: 'start-labs-heading', text: 'Labs' }), labs)),
      el(
        'div',
        { class: 'start-actions' },
        docsLinks(),
        // the lecturer's own tour (www/tour-composer.js): its panel stays open beside the page
        el('button', { type: 'button', id: 'my-tour-open', title: 'Add the views you set up as stops, each with a note; play it, share one link, download it as a file', text: 'Make your own tour', onclick: () => (this.closeStart(), this.host.openComposer()) }),
        el('button', { type: 'button', id: 'start-explore', class: 'primary', text: 'Start exploring', onclick: () => this.closeStart() }),
      ),
    );
    this.start.addEventListener('close', () => remember());
    document.body.append(this.start);
  }

  openStart() {
    if (!this.start.open) this.start.showModal();
    this.start.querySelector(this.tour ? `[data-tour="${this.tour.id}"]` : '#start-explore')?.focus({ preventScroll: true }); // the welcome stays in view
  }

  closeStart() {
    if (this.start.open) this.start.close();
    remember();
  }

  startTour(id) {
    this.closeStart();
    this.open(id, 0);
  }

  startLab(name) {
    this.closeStart();
    this.close();
    this.host.showLab(name);
    // focus on the chosen lab's heading, its controls next (it fell to <body>, 25 Tabs away)
    this.host.focusLab(name);
  }

  /** Open the tour of a `#tour=…` hash at its stop; false when the hash is not a tour's (an open tour then closes: the page shows that link). */
  openLink(hash) {
    const link = tourLink(hash);
    if (!link) {
      if (this.tour) this.close({ restoreHash: false });
      return false;
    }
    this.closeStart();
    this.open(link.id, link.stop - 1);
    return true;
  }

  async open(id, index) {
    const tour = PACKED.test(id) ? await this.unpack(id) : TOURS.find((t) => t.id === id);
    if (!tour) {
      holdHash(null);
      if (!PACKED.test(id)) this.host.notify(`There is no tour '${id}'. The tours: ${TOURS.map((t) => t.id).join(', ')}; a lecturer's own tour has a link that starts 'tour=t1.'.`);
      return;
    }
    this.play(tour, index);
  }

  /** The lecturer's tour of a packed link (its id), read by the core; null (said) when it cannot be read. */
  async unpack(id) {
    if (this.tour?.id === id) return this.tour;
    try {
      return ownTour(JSON.parse(await this.host.decodeTour(id)), id);
    } catch (err) {
      this.host.notify(`This tour link could not be read: ${err.message}`, true);
      return null;
    }
  }

  /** Play `tour` (a built-in tour, or `ownTour`'s) from stop `index`. */
  play(tour, index) {
    this.closeStart();
    if (this.tour !== tour) this.results = new Map();
    this.tour = tour;
    show(this.card, true);
    this.card.dataset.tour = tour.own ? 'own' : tour.id;
    show(this.edit, Boolean(tour.own));
    document.body.classList.add('touring');
    this.go(index);
  }

  close({ restoreHash = true } = {}) {
    if (!this.tour) return;
    this.seq++;
    this.tour = null;
    show(this.card, false);
    document.body.classList.remove('touring');
    delete this.card.dataset.tour;
    holdHash(null);
    if (restoreHash) this.host.updateHash(); // the address describes what is shown again
  }

  /** Show stop `index` (clamped): its text at once, then its run; the newest asked wins. */
  async go(index) {
    const tour = this.tour;
    if (!tour) return;
    const count = tour.stops.length;
    index = Math.max(0, Math.min(count - 1, index));
    const seq = ++this.seq;
    this.index = index;
    const stop = tour.stops[index];
    this.title.textContent = tour.own ? tour.title : `Paper ${tour.paper} · ${tour.figure}: ${tour.title}`;
    this.title.title = this.title.textContent; // whole, where a short window cuts it
    this.count.textContent = `stop ${index + 1} of ${count}`;
    this.text.textContent = stop.text;
    this.prev.disabled = index === 0;
    this.next.disabled = index === count - 1;
    this.mark.replaceChildren();
    this.paper.replaceChildren();
    this.status.textContent = 'Setting up…';
    show(this.status, true);
    Object.assign(this.card.dataset, { stop: String(index + 1), ready: 'false' });
    holdHash(hashOf(tour, index));
    try {
      // the stop says itself once, when ready (its run's own "Done" would be a second)
      const out = await quietly(() => this.host.applyStop(this.setup(stop)));
      if (seq !== this.seq) return;
      this.results.set(index, out.result);
      const resultOf = (k) => this.resultOf(k, tour);
      const channel = stop.highlight?.channel;
      if (channel !== undefined) {
        await this.host.selectChannel(await valueOf(channel, out, resultOf));
        if (seq !== this.seq) return;
      }
      const mark = stop.highlight?.ours !== undefined ? await this.row(stop.highlight, out, resultOf) : null;
      const rows = await Promise.all(paperRows(stop).map((row) => this.row(row, out, resultOf)));
      if (seq !== this.seq) return;
      if (mark) this.mark.append(el('span', { class: 'tour-label', text: `${stop.highlight.label}: ` }), el('strong', { class: 'tour-value', 'data-value': String(mark.value), text: mark.text }));
      for (const [i, row] of paperRows(stop).entries()) {
        this.paper.append(
          el(
            'p',
            { class: 'tour-compare', 'data-row': String(i) },
            el('span', { class: 'tour-label', text: `${row.label}: ` }),
            'paper ',
            el('strong', { class: 'tour-paper-value', text: row.value }),
            ' · ours ',
            el('strong', { class: 'tour-ours', 'data-value': String(rows[i].value), text: rows[i].text }),
          ),
        );
      }
      show(this.status, false);
      this.card.dataset.ready = 'true';
      announce([`Stop ${index + 1} of ${count}: ${stop.text}`, this.mark.textContent, ...[...this.paper.children].map((p) => p.textContent)].filter(Boolean).join(' '));
    } catch (err) {
      if (seq !== this.seq) return;
      this.status.textContent = `This stop did not run: ${err.message}`;
      this.card.dataset.ready = 'failed';
      announce(`Stop ${index + 1} of ${count}: ${this.status.textContent}`);
    }
  }

  async row(row, out, resultOf) {
    const value = await valueOf(row.ours, out, resultOf);
    return { value, text: formatValue(row.ours, value, row.unit) };
  }

  /** What a stop runs (`stopSetup`), from its lab's entry of the page's catalog. */
  setup(stop) {
    if (this.tour?.own) return { lab: stop.lab, seed: stop.seed, section: stop.section, step: stop.step ?? null, compare: stop.compare ?? null, channel: stop.channel ?? null };
    return stopSetup(stop, this.host.entry(stop.lab));
  }

  /** Stop k's result (k from 1): the one shown when the tour passed it, else run aside. */
  async resultOf(k, tour) {
    const kept = this.results.get(k - 1);
    if (kept) return kept;
    const result = await this.host.resultFor(this.setup(tour.stops[k - 1]));
    if (this.tour === tour) this.results.set(k - 1, result);
    return result;
  }

  get isOpen() {
    return this.tour !== null;
  }

  /** The key map's moves (www/keys.js): true when the stop changed, false at the last stop / the first. */
  forward() {
    return this.#move(1);
  }

  back() {
    return this.#move(-1);
  }

  #move(delta) {
    const target = this.index + delta;
    if (!this.tour || target < 0 || target >= this.tour.stops.length) return false;
    this.go(target);
    return true;
  }

  /** `{hash}` (`tour=ID&stop=K`) of the stop shown, `{error}` for a tour too long for a link, or null when no tour is open. */
  shareHash() {
    if (!this.tour) return null;
    const hash = hashOf(this.tour, this.index);
    return hash ? { hash } : { error: `This tour has no link: ${this.tour.why ?? 'it is too long for one'}` };
  }

  /** The open tour's title for a link, or null. */
  shareTitle() {
    return this.tour ? `Topolab tour: ${this.tour.title} (stop ${this.index + 1} of ${this.tour.stops.length})` : null;
  }
}

function decodedHash() {
  const raw = location.hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function welcomed() {
  try {
    return localStorage.getItem(WELCOMED) === '1';
  } catch {
    return true; // storage blocked (file://, privacy settings): do not ask on every visit
  }
}

function remember() {
  try {
    localStorage.setItem(WELCOMED, '1');
  } catch {
    // not remembered
  }
}

let tours = null;

/** Set up the tours on the page (`host`: app.js `tourHost`). */
export function setupTours(host) {
  tours = new Tours(host);
  return tours;
}

/**
 * What Share and Embed link to while a tour is open: `{hash, title}` (the hash `tour=ID&stop=K`
 * opens that tour at that stop, with its card), or null when no tour is open.
 */
export function tourShareHash() {
  const made = tours?.shareHash();
  return made ? { ...made, title: tours.shareTitle() } : null;
}

/** Play a lecturer's tour (the core's checked JSON) from stop `index`; its link is made first. */
export async function playOwnTour(json, index, encode) {
  let link = null;
  let why = null;
  try {
    link = await encode(json);
  } catch (err) {
    why = err.message;
  }
  await tours.play(ownTour(json, link, why), index);
}

/** Open the tour a hash names (true), or say it is not a tour's (false; an open tour closes). */
export function openTourLink(hash) {
  return tours ? tours.openLink(hash) : false;
}
