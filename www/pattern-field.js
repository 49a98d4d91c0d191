// The traffic-pattern control (a field kind of www/fields.js): a select of pattern names plus
// a number input for the patterns that take one (β, γ), read into and set from 'hotspot:0.3'.
import { el, show, onChoice } from './dom.js';

/** Pattern names that take a number, with its symbol, default and input limits. */
export const PARAMS = {
  hotspot: { symbol: 'β', label: 'β (hot-spot probability, 0–1)', fallback: '0.2', min: '0', max: '1', step: '0.05' },
  local: { symbol: 'γ', label: 'γ (locality exponent, > 0)', fallback: '1.5', min: '0', max: '', step: '0.1' },
};

export class PatternField {
  /** Over its elements: the names `select`, the number `param` in `paramBox` with its `paramLabel`, and `help`. */
  constructor({ select, param, paramBox, paramLabel, help }) {
    this.select = select;
    this.param = param;
    this.paramBox = paramBox;
    this.paramLabel = paramLabel;
    this.help = help;
    this.definitions = new Map();
    this.lastParam = {}; // the number last typed per pattern, restored when it is chosen again
    this.select.addEventListener('change', () => this.#changed());
    this.param.addEventListener('input', () => {
      this.lastParam[this.select.value] = this.param.value;
    });
  }

  /** The pattern as written ('hotspot:0.3'), even when its number is missing. */
  get text() {
    const read = this.read();
    return read.error ? this.select.value : read.pattern;
  }

  /** The chosen pattern name, without its parameter. */
  get base() {
    return this.select.value;
  }

  /** `callback('pattern')` after the user picks a pattern, `callback('param')` after typing its number. */
  onChange(callback) {
    onChoice(this.select, { commit: () => callback('pattern') });
    this.param.addEventListener('input', () => callback('param'));
  }

  /** Fill the list from the catalog's [name, definition] pairs. */
  populate(patterns) {
    this.select.replaceChildren();
    for (const [name, definition] of patterns) {
      const base = name.split(':')[0];
      const param = PARAMS[base];
      this.definitions.set(base, definition);
      this.select.append(el('option', { value: base, title: definition, text: param ? `${base} (${param.symbol})` : base }));
    }
    this.#changed({ keepParam: true });
  }

  /** Show a Scenario's pattern exactly as written ('hotspot:0.3' as hotspot + 0.3). */
  set(pattern) {
    if (String(pattern).length > 40) {
      // a matrix carried in the spec: one option of its own, as written
      ensureOption(this.select, String(pattern));
      this.select.value = String(pattern);
      this.#changed({ keepParam: true });
      return;
    }
    const [base, ...rest] = String(pattern).split(':');
    ensureOption(this.select, base.trim());
    this.select.value = base.trim();
    if (PARAMS[this.select.value]) {
      this.param.value = rest.join(':');
      this.lastParam[this.select.value] = this.param.value;
    }
    this.#changed({ keepParam: true });
    const read = this.read();
    if (!read.error && read.pattern !== pattern) {
      // a spelling the controls would not write back (an alias, other case): keep it verbatim
      ensureOption(this.select, pattern);
      this.select.value = pattern;
      this.#changed({ keepParam: true });
    }
  }

  /** The pattern as {pattern}, or {error: {field: 'pattern', message}} when its number is missing. */
  read() {
    const base = this.select.value;
    if (!PARAMS[base]) return { pattern: base };
    const arg = this.param.value.trim();
    if (arg === '') return { error: { field: 'pattern', message: `pattern '${base}': ${PARAMS[base].symbol} is missing` } };
    return { pattern: `${base}:${arg}` };
  }

  /** Mark the select and the number input invalid (or not). */
  setInvalid(on) {
    this.select.toggleAttribute('aria-invalid', on);
    this.param.toggleAttribute('aria-invalid', on);
  }

  #changed({ keepParam = false } = {}) {
    const base = this.select.value;
    const param = PARAMS[base];
    show(this.paramBox, Boolean(param));
    if (param) {
      this.paramLabel.textContent = param.symbol;
      this.param.title = param.label;
      this.param.setAttribute('aria-label', param.label);
      this.param.min = param.min;
      if (param.max) this.param.max = param.max;
      else this.param.removeAttribute('max');
      this.param.step = param.step;
      if (!keepParam || this.param.value === '') this.param.value = this.lastParam[base] ?? param.fallback;
    } else {
      this.param.value = ''; // remembered per pattern in lastParam
    }
    const carried = base.length > 40 ? 'a traffic matrix from a file, carried in the Scenario and its link: each node sends to its destinations in proportion to their bytes' : '';
    const definition = this.definitions.get(base) ?? carried;
    this.select.title = definition;
    this.help.textContent = definition;
  }
}

/** Add an option for a value the catalog lacks (an alias from a link), so it shows as written. */
export function ensureOption(select, value) {
  if ([...select.options].some((o) => o.value === value)) return;
  // a matrix carried in the spec (matrix:… from a file, up to 900 KiB) is shown by its start
  const text = value.length > 40 ? `${value.slice(0, 15)}… (from a file)` : value;
  select.append(el('option', { value, text, title: text }));
}
