// Small DOM and formatting helpers shared by the page's modules (no framework).

/**
 * The element with this id (throws when the page lacks it, so a typo fails loudly). Typed
 * `any`: which kind of element an id names is the page's HTML's to say, not the checker's.
 * @param {string} id
 * @returns {any}
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no element #${id}`);
  return element;
}

/** A new element with attributes/properties and children (strings become text). */
export function el(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') element.className = value;
    else if (key === 'text') element.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') element.addEventListener(key.slice(2), value);
    else if (key in element && typeof value !== 'string') element[key] = value;
    else element.setAttribute(key, value === true ? '' : value);
  }
  element.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return element;
}

/** Set the text of the element with this id. */
export function setText(id, text) {
  byId(id).textContent = text;
}

/** Show or hide an element with the `hidden` attribute. */
export function show(element, visible) {
  element.hidden = !visible;
}

/** A whole number as digits (no grouping, so tests and people read the same text). */
export function integer(value) {
  return value === null || value === undefined ? '—' : String(value);
}

/** A fraction 0–1 as a percentage with one decimal, or "—". */
export function percent(value) {
  return value === null || value === undefined || Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** Singular or plural: plural(1, 'slot') → "1 slot". */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

/** Calls `fn` once `ms` after the last call; `.now()` runs a pending call at once, `.cancel()` drops it. */
/** Keys that move a closed select's choice. */
const CHOOSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A select whose choice is acted on once made: `change()` on every change (what the form shows),
 * `commit()` at once for a pick with the pointer, but for one moved with the keys (arrows, a
 * letter) only on Enter or when the select loses focus — arrowing through the options ran each.
 */
export function onChoice(select, { change = () => {}, commit }) {
  let keyed = false;
  let pending = false;
  const settle = () => {
    if (!pending) return;
    pending = false;
    commit();
  };
  select.addEventListener('keydown', (event) => {
    if (CHOOSING_KEYS.has(event.key) || event.key.length === 1) keyed = true;
    if (event.key === 'Enter') settle();
  });
  select.addEventListener('change', () => {
    change();
    if (keyed) {
      keyed = false;
      pending = true;
    } else commit();
  });
  select.addEventListener('blur', settle);
}

export function debounce(fn, ms) {
  let timer = null;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  return debounced;
}

/**
 * Calls `fn` with the latest arguments at most once per animation frame (a study streaming
 * hundreds of points a second redraws once a frame, so the page keeps answering keys);
 * `.flush()` runs a pending call at once, `.cancel()` drops it.
 */
export function perFrame(fn) {
  let frame = 0;
  let pending = null;
  const run = () => {
    frame = 0;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const throttled = (...args) => {
    pending = args;
    if (!frame) frame = requestAnimationFrame(run);
  };
  throttled.flush = () => {
    cancelAnimationFrame(frame);
    run();
  };
  throttled.cancel = () => {
    cancelAnimationFrame(frame);
    frame = 0;
    pending = null;
  };
  return throttled;
}

/** Input types where arrow keys, Space, Home and End edit text. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password', '']);

/**
 * True when the focused element is a text field, where keys edit what is typed and shortcuts
 * must leave them alone. Selects, sliders, buttons and checkboxes are not text fields: the step
 * player's keys win there.
 */
export function isTyping(target) {
  const field = target?.closest?.('input, textarea, [contenteditable=""], [contenteditable="true"]');
  if (!field) return false;
  if (field.tagName !== 'INPUT') return true;
  return TEXT_INPUTS.has((field.getAttribute('type') ?? '').toLowerCase());
}

/** Done enough, and long enough, to tell a rate: before this a progress line says "estimating…". */
const ESTIMATE_AFTER = { fraction: 0.05, ms: 1500 };
/**
 * How far apart the three readings of the rate (the whole run's, the second half's, the last
 * tenth's) may be for a time left to be shown. Further apart, the rate is still changing (a
 * set-up phase, a phase of another speed) and any number could be off by more than 2×: the line
 * says "estimating…".
 * Measured by `npm run bench:browser -- --estimates` (docs/limits.md, "Time left").
 */
const RATES_AGREE = 1.5;

/**
 * A job's progress line, "Working… 40%, about 12 s left", from its progress reports. Until there
 * is a basis (5 % done and 1.5 s gone) it says "estimating…"; then the time left is the work
 * left at the rate of the second half of the work done so far, so a job whose first part went
 * faster or slower than the rest (set-up, a warm-up) is not taken at its average — and only
 * once that rate, the whole run's and the latest have agreed within RATES_AGREE for a fifth of
 * the time so far (at least a second), else "estimating…" again.
 */
export class Estimate {
  constructor(since = performance.now()) {
    this.since = since;
    this.samples = []; // [ms since the start, fraction], from about half the fraction done on
    this.agreeing = null; // since when (ms) the rates have agreed, or null
  }

  text(doing, fraction, now = performance.now()) {
    if (!(fraction < 1)) return doing;
    const elapsed = now - this.since;
    this.samples.push([elapsed, fraction]);
    while (this.samples.length > 2 && this.samples[1][1] <= fraction / 2) this.samples.shift();
    const done = `${Math.floor(Math.max(0, fraction) * 100)}%`;
    const estimating = `${doing} ${done}, estimating…`;
    if (!(fraction >= ESTIMATE_AFTER.fraction) || elapsed < ESTIMATE_AFTER.ms) return estimating;
    const overall = fraction / elapsed;
    const since = ([t, f]) => (fraction > f && elapsed > t ? (fraction - f) / (elapsed - t) : overall);
    const recent = since(this.samples[0]);
    // the latest rate: over the last tenth of the time (at least half a second), where a change
    // of speed shows first
    const window = Math.max(0.1 * elapsed, 500);
    const latest = since(this.samples.findLast(([t]) => t <= elapsed - window) ?? this.samples[0]);
    const rates = [overall, recent, latest];
    if (Math.max(...rates) > RATES_AGREE * Math.min(...rates)) {
      this.agreeing = null;
      return estimating;
    }
    // and they have agreed a while: a fifth of the time so far, at least a second (a phase's
    // last reports can agree for a moment before the next, faster or slower, begins)
    this.agreeing ??= elapsed;
    if (elapsed - this.agreeing < Math.max(1000, 0.2 * elapsed)) return estimating;
    const left = (1 - fraction) / recent / 1000;
    const when = left < 1 ? 'under a second left' : left < 90 ? `about ${Math.round(left)} s left` : `about ${Math.round(left / 60)} min left`;
    return `${doing} ${done}, ${when}`;
  }
}

/**
 * A number input's whole value within its own `min` and `max` (the core's range, set from the
 * catalog), or null; `explain` says what it takes, in words.
 */
export function wholeIn(input) {
  const text = input.value.trim();
  const [min, max] = [input.min === '' ? -Infinity : Number(input.min), input.max === '' ? Infinity : Number(input.max)];
  const value = /^-?\d+$/.test(text) ? Number(text) : null;
  return { value: value !== null && value >= min && value <= max ? value : null, explain: `a whole number from ${min} to ${max}` };
}

/** Keep the CSS variable `name` (on the root) equal to `element`'s height in px, as it changes. */
export function trackHeight(element, name) {
  const set = () => document.documentElement.style.setProperty(name, `${Math.ceil(element.getBoundingClientRect().height)}px`);
  set();
  new ResizeObserver(set).observe(element);
}

/**
 * Let the keyboard reach the boxes that scroll on their own (a table wider than a phone, a list
 * with a max-height; WCAG 2.1.1): each takes focus while its content overflows it (not before:
 * an empty box is no stop), and is named after what it holds — its table's label, else its
 * section's heading; a box that is not itself a list becomes a group (a region would be a
 * landmark named as its section already is).
 */
export function reachableScrollAreas(root, selector) {
  const own = new Map(); // an area's own tabindex (the figure's -1, for the skip link), kept
  const update = (area) => {
    if (!area) return;
    const scrolls = area.scrollHeight > area.clientHeight + 1 || area.scrollWidth > area.clientWidth + 1;
    if (scrolls) area.tabIndex = 0;
    else if (own.get(area) === null) area.removeAttribute('tabindex');
    else area.setAttribute('tabindex', own.get(area));
  };
  const resized = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target.closest(selector) ?? entry.target)));
  // a child list changes on an element (records of childList), inside the area it belongs to
  // (each area once per batch: a figure redrawn is thousands of records)
  const changed = new MutationObserver((records) => new Set(records.map((record) => /** @type {Element} */ (record.target).closest(selector))).forEach(update));
  for (const area of root.querySelectorAll(selector)) {
    own.set(area, area.getAttribute('tabindex'));
    if (!area.matches('ul, ol') && !area.hasAttribute('role')) area.setAttribute('role', 'group');
    resized.observe(area);
    if (area.firstElementChild) resized.observe(area.firstElementChild);
    changed.observe(area, { childList: true, subtree: true });
    if (area.hasAttribute('aria-label') || area.hasAttribute('aria-labelledby')) continue;
    const table = area.querySelector('table');
    const labelId = table?.getAttribute('aria-labelledby')?.split(' ')[0];
    const heading = area.closest('section, .card, .panel')?.querySelector('h2, h3');
    const name = table?.getAttribute('aria-label') ?? (labelId && document.getElementById(labelId)?.textContent) ?? table?.caption?.textContent ?? heading?.textContent;
    area.setAttribute('aria-label', (name ?? 'Table').trim().replace(/\s+/g, ' '));
  }
}

/**
 * The page's one polite live region (#announce, issue 64): what changed, said once — a step's
 * title and explanation when the reader moves to it, a tour stop's text, a run's headline when
 * it ends, a refusal when it is shown, a notice. Nothing else on the page is a live region.
 * While `quiet` (a tour setting up its stop, which says it itself once ready) it says nothing.
 */
let quiet = 0;
export function announce(text) {
  const region = document.getElementById('announce');
  if (!region || quiet > 0 || !text) return;
  region.textContent = text;
  region.dataset.count = String(Number(region.dataset.count ?? 0) + 1); // (what tests count)
}

/** Run `work` (a promise-returning function) with the announcer quiet. */
export async function quietly(work) {
  quiet++;
  try {
    return await work();
  } finally {
    quiet--;
  }
}
