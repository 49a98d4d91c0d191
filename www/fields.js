// A lab's form, built from the core's catalog: the lab's fields in order, each with its label,
// help, kind, hint and what an empty input means (src/labs/field.rs), and its number ranges and
// choices. A lab's page code adds only how a field looks or behaves beyond its kind (`looks`, by
// field name: two fields on a row, a slider, a file button, when a field shows, a control of its
// own) and never restates a field's words. FieldForm builds the form from that, writes a Scenario into it, reads it back
// (validating each field with the lab's own message), and shows an error next to the field it
// concerns — found by name for the page's own checks and by Scenario path (`err.field`, e.g.
// `<section>.<key>`) for the core's. Errors are said in the page's words: beside the field its
// reason only, in the general box the field's label and the reason — never an internal key such
// as `target-slots:` or `sim.rate:`, which the core and the parsers start their messages with.
// A choice the core refused can be followed by the field's other choices that run (`offer`,
// each a button that picks it and runs). A file opened beside a field is named under it.
// No lab names, no guessing from an error's text beyond those keys.
import { el, show, debounce, onChoice } from './dom.js';
import { PatternField, ensureOption } from './pattern-field.js';
import { nameFile, fileOf } from './run-label.js';

/**
 * A field's value is not valid; `message` is shown next to it. `what`: the word the message
 * starts with for the field itself (e.g. `vcs` in "vcs '0': …"), replaced by its label.
 */
class FieldError extends Error {
  constructor(message, { what = null } = {}) {
    super(message);
    this.what = what;
    /** The field it concerns by name, when a group's reading names it. @type {string | null} */
    this.field = null;
  }
}

/** The value at a dotted `path` of a catalog entry's defaults (undefined when it has none). */
function defaultAt(entry, path) {
  return String(path)
    .split('.')
    .reduce((v, key) => (v === undefined || v === null ? undefined : v[key]), entry?.defaults);
}

/** A core choice's options as `[value, label, about]`, the default's label saying so. */
function choiceOptions(choice, fallback) {
  return (choice?.options ?? []).map((o) => [o.value, o.value === fallback ? `${o.label} (default)` : o.label, o.about]);
}

/**
 * A control for a group of the section under the field's path (the readings a paper leaves
 * open, a cost model): a select per choice of the core's under that path, with what it decides
 * and what the chosen option does, and an input per number part (the core's fields under the
 * path: their labels, help and kinds). Options, order, words and defaults are the catalog's.
 */
export function choicesControl({ className, rowClass, numbersClass = null }) {
  return ({ id, changed, field }) => {
    const prefix = field.path;
    const selects = new Map(); // key → {select, describe}
    const inputs = new Map(); // key → input
    const keyOf = (part) => part.path.slice(prefix.length + 1);
    const numbers = field.parts.filter((p) => p.kind.type === 'whole' || p.kind.type === 'number');
    const labels = new Map(field.parts.map((p) => [keyOf(p), p.label]));
    const rows = el('div', { class: 'choice-rows' }); // laid out as the group's own children
    const numberRows = numbers.map((part) => {
      const key = keyOf(part);
      const nid = `${id}-${key}`;
      const input = el('input', { id: nid, name: nid, type: 'number', step: 'any', inputmode: 'decimal', title: part.help });
      input.addEventListener('input', () => changed());
      inputs.set(key, input);
      const label = el('label', { for: nid, title: part.help });
      label.innerHTML = part.label;
      return el('div', { class: rowClass }, label, input);
    });
    let entry = null;
    let shown = {};
    const fallback = (key) => defaultAt(entry, `${prefix}.${key}`);
    const control = {
      element: el('div', { class: className, id, role: 'group', 'aria-label': field.label }, rows, ...(numbersClass ? [el('div', { class: numbersClass }, ...numberRows)] : numberRows)),
      populate(catalogEntry) {
        entry = catalogEntry;
        selects.clear();
        rows.replaceChildren(
          ...(entry?.choices ?? [])
            .filter((c) => c.field.startsWith(`${prefix}.`))
            .map((choice) => {
              const key = choice.field.slice(prefix.length + 1);
              const sid = `${id}-${key}`;
              const options = choice.options.map((o) => el('option', { value: o.value, text: `${o.value}${o.value === fallback(key) ? ' (default)' : ''}`, title: o.about }));
              const select = el('select', { id: sid, name: sid, 'aria-describedby': `${sid}-help`, 'data-path': choice.field }, ...options);
              const help = el('p', { class: 'help', id: `${sid}-help` });
              const describe = () => (help.textContent = `${choice.decides}: ${select.selectedOptions[0]?.title ?? ''}.`);
              onChoice(select, { change: describe, commit: changed });
              selects.set(key, { select, describe });
              return el('div', { class: rowClass }, el('label', { for: sid, text: labels.get(key) ?? choice.decides }), select, help);
            }),
        );
        control.set(shown);
      },
      get: () => ({ ...shown, ...Object.fromEntries([...selects].map(([key, s]) => [key, s.select.value])), ...Object.fromEntries([...inputs].map(([key, input]) => [key, input.value])) }),
      set(value) {
        shown = { ...(value ?? {}) };
        for (const [key, { select, describe }] of selects) {
          select.value = shown[key] ?? fallback(key) ?? select.options[0]?.value ?? '';
          describe();
        }
        for (const [key, input] of inputs) input.value = String(shown[key] ?? fallback(key) ?? '');
      },
      /** The group's value with its numbers read by their kinds (the core checks their ranges). */
      parse(value) {
        const out = { ...value };
        for (const part of numbers) {
          const key = keyOf(part);
          const text = String(value[key] ?? '').trim();
          const number = Number(text);
          const whole = part.kind.type === 'whole';
          if (text === '' || !Number.isFinite(number) || (whole && (!Number.isInteger(number) || number < part.kind.min))) {
            throw new FieldError(`${part.label.replace(/<[^>]+>/g, '')} '${value[key]}': ${part.hint || (whole ? 'a whole number' : 'a number')}`);
          }
          out[key] = number;
        }
        return out;
      },
      setInvalid: (on) => [...[...selects.values()].map((s) => s.select), ...inputs.values()].forEach((x) => x.toggleAttribute('aria-invalid', on)),
    };
    return control;
  };
}

const WRAPPER = 'scenario: not a valid scenario: ';

/** A core message without the wrapper its Scenario decoder puts first, or null when it has none. */
export function unwrapped(message) {
  return message.startsWith(WRAPPER) ? message.slice(WRAPPER.length) : null;
}

/** A core message with no field: its decoder's wrapper said in words. */
function setUpMessage(message) {
  const inner = unwrapped(message);
  return inner === null ? message : `This set-up could not be read: ${inner}`;
}

/** Prefixes a message may carry before its reason besides the field's own keys. */
const WRAPPERS = ['scenario', 'not a valid scenario'];

/**
 * `message` without the keys it starts with (any of `keys`, case aside, each followed by ': ',
 * or by " '" before the value it quotes, which stays).
 */
function withoutKeys(message, keys) {
  let rest = message;
  for (;;) {
    const lower = rest.toLowerCase();
    const key = keys.find((k) => lower.startsWith(`${k}: `) || lower.startsWith(`${k} '`));
    if (!key) return rest;
    rest = rest.slice(key.length).replace(/^: /, '').replace(/^ (?=')/, '');
  }
}

/** Unicode subscripts for the letters a label writes as <sub>…</sub> (e.g. t<sub>max</sub>: tₘₐₓ). */
const SUBSCRIPT = Object.fromEntries([...'0123456789aehijklmnoprstuvx'].map((c, i) => [c, [...'₀₁₂₃₄₅₆₇₈₉ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ'][i]]));

/** The text of a label as read on the page (subscripts kept as such where Unicode has them). */
function visibleText(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.data;
  const text = [...node.childNodes].map(visibleText).join('');
  if (node.nodeName !== 'SUB') return text;
  return [...text].every((c) => SUBSCRIPT[c]) ? [...text].map((c) => SUBSCRIPT[c]).join('') : `_${text}`;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** Parsers and formatters the labs' fields share. */
const parsers = {
  /**
   * A whole number from `min` (digits only, exact in JavaScript); empty gives null when
   * `optional`. `what` names it in the message, `hint` says what is expected.
   */
  whole({ what, hint, min = 0, max = SAFE, optional = false }) {
    return (text) => {
      const t = String(text).trim();
      if (t === '' && optional) return null;
      if (!/^\d+$/.test(t) || t.length > 16 || Number(t) > max || Number(t) < min) throw new FieldError(`${what} '${text}': ${hint}`, { what });
      return Number(t);
    };
  },
  /** A finite number; `hint` says what is expected. */
  number({ what, hint }) {
    return (text) => {
      const value = Number(text);
      if (String(text).trim() === '' || !Number.isFinite(value)) throw new FieldError(`${what} '${text}': ${hint}`, { what });
      return value;
    };
  },
  /** Text as typed; with `required`, not empty (`hint` says what to write). */
  text({ required = false, hint = '' } = {}) {
    return (text) => {
      if (required && String(text).trim() === '') throw new FieldError(hint);
      return required ? String(text).trim() : String(text);
    };
  },
};

/** A value as the text of its input (null and undefined as empty). */
function plain(value) {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The seed every lab has: a u64 in the core, but results travel as JavaScript numbers, so the
 * page takes whole numbers up to 2^53 − 1 and keeps them as digits.
 */
function parseSeed(text) {
  const t = String(text).trim();
  if (!/^\d+$/.test(t) || t.length > 16 || Number(t) > SAFE) throw new FieldError(`seed '${text}': a whole number from 0 to ${SAFE}`);
  return t.replace(/^0+(?=\d)/, '');
}

/**
 * A look of a topology field: a network file opened beside it (the core reads it).
 * @type {import('./types/page').FieldLook['file']}
 */
export const NETWORK_FILE = { kind: 'network', label: 'Open file…', accept: '.txt,.edges,.edgelist,.graphml,.xml,.anynet,text/plain', title: 'A network file: an edge list (a b per line), BookSim anynet or GraphML (networkx, Gephi, Topolab’s export)' };

/**
 * A look of a pattern field: a traffic matrix file opened beside it (the core reads it).
 * @type {import('./types/page').FieldLook['file']}
 */
export const MATRIX_FILE = { kind: 'matrix', label: 'Open matrix…', accept: '.csv,.txt,text/csv,text/plain', title: 'A traffic matrix: CSV rows src,dst,bytes[,count] (a header and # comments allowed)' };

/** The page's control for each kind of the core's fields (`FieldKind`). */
const KINDS = { text: 'text', whole: 'number', number: 'number', choice: 'select', pattern: 'pattern', custom: 'custom' };

/** An input's attributes from its field's kind and words (a look's `attrs` add to them). */
function defaultAttrs(field) {
  const attrs = {};
  if (field.kind.type === 'whole') Object.assign(attrs, { min: String(field.kind.min), step: '1', inputmode: 'numeric' });
  if (field.kind.type === 'number') Object.assign(attrs, { step: 'any', inputmode: 'decimal' });
  if (field.empty) attrs.placeholder = field.empty;
  return attrs;
}

/** A field's value from its input's text: its parse, else its control's, else the text. */
function readValue(field, input, text, values) {
  if (field.parse) return field.parse(text, values);
  return input.parse ? input.parse(text) : text;
}

/**
 * The glossary entry that explains a field's term (the core's `glossary` anchor), opening in a
 * new tab beside the docs the header's Docs link names (issue 62); null without an entry or
 * without docs (the single offline file).
 */
function glossaryLink(field) {
  const anchor = field.core?.glossary;
  const docs = document.getElementById('docs')?.getAttribute('href');
  if (!anchor || !docs) return null;
  const base = docs.endsWith('/') ? docs : `${docs}/`;
  const term = field.label.replace(/<[^>]+>/g, '').replace(/\s*\(.*$/, '');
  return el(
    'p',
    { class: 'help glossary-link' },
    el('a', { href: `${base}glossary.html#${encodeURIComponent(anchor)}`, target: '_blank', rel: 'noopener', 'aria-label': `${term} in the glossary (opens in a new tab)` }, 'In the glossary', el('span', { class: 'new-tab', 'aria-hidden': 'true', text: ' ↗' })),
  );
}

/** The form of one lab: its fields' inputs, help and error boxes, built from the declarations. */
export class FieldForm {
  /**
   * `lab`: the definition (its `prefix`, `section`, `fields`); `onChange()` is called after a
   * pause when a control changes, `onRunNow()` for Run, Enter and immediate controls.
   */
  constructor(lab, { onChange, onRunNow, importFile = null }) {
    this.lab = lab;
    this.importFile = importFile;
    /** The fields as built: the core's, each with its look (`build`). @type {Array<Record<string, any>>} */
    this.fields = [];
    this.prefix = lab.prefix;
    this.catalog = null;
    this.inputs = new Map(); // name → the element (or control) holding the field's value
    /** @type {Map<string, HTMLInputElement> | null} a field's slider by name (fields with `slider`) */
    this.sliders = null;
    this.onRunNow = () => {
      this.cancelPending();
      onRunNow();
    };
    this.changed = debounce(() => onChange(), 250);
    this.typed = debounce(() => onChange(), 500);
    /** The error shown (`showError`) and how many were shown: an offer belongs to one. */
    this.shownError = { name: null, message: '', seq: 0 };
  }

  /** The id of a field's input (its help and error boxes add `-help`, `-error`). */
  id(field) {
    return `${this.prefix}${field.name}`;
  }

  field(name) {
    return this.fields.find((f) => f.name === name) ?? null;
  }

  /** The label a person reads for the field at path `path` of this lab's section (`cluster_size` → "T (tasks per LC)"), or null. */
  labelFor(path) {
    const field = this.fields.find((f) => f.path === path || f.name === path);
    return field ? this.#labelOf(field.name) : null;
  }

  /** The element (or custom control) holding a field's value. */
  control(name) {
    return this.inputs.get(name) ?? null;
  }

  /**
   * The lab's fields: the core's (its catalog entry's `fields`, in order), each with the page's
   * look of it (`lab.looks[name]`). A field inside a group that a control of the page's edits
   * (`readings.tie` inside `readings`) is that control's part, not a field of its own.
   */
  #declare() {
    const core = this.entry()?.fields ?? [];
    const looks = this.lab.looks ?? {};
    const groups = new Set(core.filter((f) => f.kind.type === 'custom').map((f) => f.path));
    const fields = [];
    for (const field of core) {
      const top = field.path.split('.')[0];
      if (top !== field.path && groups.has(top)) continue;
      const look = looks[field.name] ?? {};
      const kind = KINDS[field.kind.type];
      const parts = core.filter((f) => f.path.startsWith(`${field.path}.`));
      const declared = { ...field, kind, core: field, parts, describe: kind === 'select', ...look, attrs: { ...defaultAttrs(field), ...(look.attrs ?? {}) } };
      if (field.path === 'seed') declared.scope = 'scenario';
      if (kind === 'custom' && !declared.control) throw new Error(`the ${this.lab.label} lab's page has no control for its field '${field.name}'`);
      // a look's own reading may fall back on the kind's (`read`, its third argument)
      const read = this.#parser(declared);
      declared.parse = look.parse ? (text, values) => look.parse(text, values, read) : read;
      fields.push(declared);
    }
    const unknown = Object.keys(looks).filter((name) => !core.some((f) => f.name === name));
    if (unknown.length) throw new Error(`the ${this.lab.label} lab's page styles fields the core does not have: ${unknown.join(', ')}`);
    return fields;
  }

  /** How a field's text is read, from its kind (a look may give its own `parse`). */
  #parser(field) {
    const { core } = field;
    const what = field.name;
    const hint = core.hint || 'a value';
    // what an empty input stands for: null (an optional field) or the field's default
    const empty = () => (core.empty_is_default ? this.default(field.path) ?? null : null);
    switch (core.kind.type) {
      case 'text': {
        const text = parsers.text({ required: core.kind.required, hint });
        return core.empty === null ? text : (typed) => (String(typed).trim() === '' ? empty() : text(typed));
      }
      case 'whole': {
        if (field.scope === 'scenario') return parseSeed;
        // digits: its range (the kind's `min`, the core's limits, which the input shows) is the
        // core's to judge, in its own words, next to the field
        const whole = parsers.whole({ what, hint });
        return core.empty === null ? whole : (text) => (String(text).trim() === '' ? empty() : whole(text));
      }
      case 'number': {
        const number = parsers.number({ what, hint }); // a finite number; its range is the core's
        return core.empty === null ? number : (text) => (String(text).trim() === '' ? empty() : number(text));
      }
      default:
        return null; // a custom control reads its own value (its `parse`), else as it gives it
    }
  }

  /** Build the fields the catalog gives into `form` (before its Run button). */
  build(form, runButton, catalog) {
    this.catalog = catalog;
    this.fields = this.#declare();
    const context = {
      form: this,
      runNow: () => {
        this.refresh();
        this.onRunNow();
      },
      changed: () => this.#changed(),
    };
    let pair = null;
    for (const field of this.fields) {
      const box = this.#fieldBox(field, context);
      if (field.pair && !pair) {
        pair = el('div', { class: 'pair-fields' }, box);
        form.insertBefore(pair, runButton);
      } else if (pair) {
        pair.append(box);
        pair = null;
      } else {
        form.insertBefore(box, runButton);
      }
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.onRunNow();
    });
    this.#groupHeadings();
    this.populate(catalog);
  }

  /**
   * A heading above the first field of each group (a pair of fields keeps its heading above
   * both). A lab that folds its groups (`lab.foldGroups`, the class of the <details>) gets each
   * group as a collapsible section running to the next group (or to a field whose look ends it,
   * `endsGroup`); `closed` keeps one folded until a field in it shows an error.
   */
  #groupHeadings() {
    const boxOf = (field) => {
      const box = document.getElementById(`${this.id(field)}-field`);
      return box.parentElement.classList.contains('pair-fields') ? box.parentElement : box;
    };
    const helpOf = (field) => (field.groupHelp ? [el('p', { class: 'help', text: field.groupHelp })] : []);
    for (const field of this.fields.filter((f) => f.group)) {
      const box = boxOf(field);
      if (!this.lab.foldGroups) {
        box.before(el('h3', { class: 'field-group', text: field.group }), ...helpOf(field));
        continue;
      }
      const details = el('details', { class: this.lab.foldGroups, open: !field.closed }, el('summary', { text: field.group }), ...helpOf(field));
      box.before(details);
      new MutationObserver(() => {
        if (details.querySelector('.error:not([hidden])')) details.open = true;
      }).observe(details, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    }
    if (!this.lab.foldGroups) return;
    // each folded group takes the boxes after it up to the next group or the field ending it
    let details = null;
    for (const field of this.fields) {
      const box = boxOf(field);
      if (field.endsGroup) details = null;
      if (field.group) details = box.previousElementSibling;
      if (details && box.parentElement !== details) details.append(box);
    }
  }

  #fieldBox(field, context) {
    const id = this.id(field);
    const describedBy = `${id}-help ${id}-error`;
    const help = el('p', { class: 'help', id: `${id}-help`, text: field.help ?? '' });
    const error = el('p', { class: 'error', id: `${id}-error`, hidden: true }); // (said by the page's one live region: app.js showRunError)
    let input;
    let body;
    if (field.kind === 'pattern') {
      const select = el('select', { id, name: id, 'aria-describedby': describedBy });
      const param = el('input', { id: `${id}-param`, name: `${id}-param`, type: 'number', step: 'any', inputmode: 'decimal', 'aria-describedby': describedBy });
      body = el(
        'div',
        { class: 'row' },
        select,
        el('span', { class: 'param', id: `${id}-param-box`, hidden: true }, el('label', { for: `${id}-param`, id: `${id}-param-label`, text: 'β' }), param),
      );
      input = new PatternField({ select, param, paramBox: body.lastChild, paramLabel: body.lastChild.firstChild, help });
      input.onChange((what) => (what === 'param' ? this.typed() : this.#changed()));
      if (field.file && this.importFile) {
        const pattern = input;
        body = this.#withFile(field, body, (spec, name) => {
          nameFile(spec, name);
          pattern.set(spec);
        });
      }
    } else if (field.kind === 'custom') {
      input = field.control({ ...context, id, help, error, field });
      body = input.element;
    } else if (field.kind === 'select') {
      input = el('select', { id, name: id, 'aria-describedby': describedBy, 'data-path': field.path, ...(field.attrs ?? {}) });
      onChoice(input, { change: () => this.refresh(), commit: () => this.changed() });
      body = input;
    } else {
      input = el('input', { id, name: id, type: field.kind === 'number' ? 'number' : 'text', spellcheck: 'false', 'aria-describedby': describedBy, ...(field.attrs ?? {}) });
      input.addEventListener('input', () => {
        this.refresh();
        this.typed();
      });
      if (field.kind === 'text') {
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            this.onRunNow();
          }
        });
      }
      body = input;
      if (field.examples?.length) {
        input.setAttribute('list', `${id}-examples`);
        body = el('span', { class: 'with-list' }, input, el('datalist', { id: `${id}-examples` }, field.examples.map((value) => el('option', { value }))));
      }
      if (field.slider) body = this.#withSlider(field, input);
      if (field.file && this.importFile) {
        body = this.#withFile(field, body, (spec, name) => {
          nameFile(spec, name);
          input.value = spec;
          input.title = `${name}, carried in the spec`;
        });
        input.setAttribute('aria-describedby', `${describedBy} ${id}-file-name`);
      }
    }
    this.inputs.set(field.name, input);
    if (field.core.about && input instanceof HTMLElement && !input.title) input.title = field.core.about;
    const label = field.kind === 'custom' ? null : el('label', { for: id });
    if (label) label.innerHTML = field.label;
    // a choice's others that run, when the core refused it (`offer`)
    const offer = field.kind === 'select' ? el('div', { class: 'offer', id: `${id}-offer`, role: 'group', 'aria-labelledby': `${id}-offer-head`, hidden: true }) : null;
    return el('div', { class: 'field', id: `${id}-field`, 'data-field': field.name }, label, body, help, glossaryLink(field), error, offer);
  }

  /**
   * A control with an Open file… button beside it (a field whose look has `file`, of a `kind`:
   * 'network' or 'matrix'): the file is read by the core (`importFile`), and what it returns —
   * the spec that carries the network or the matrix — becomes the field's value (`apply`) and
   * runs. A file the core refuses leaves the value as it was and shows why next to the field.
   */
  #withFile(field, body, apply) {
    const id = this.id(field);
    const picker = el('input', { type: 'file', id: `${id}-file`, accept: field.file.accept ?? '', hidden: true, tabindex: '-1', 'aria-hidden': 'true' });
    const open = el('button', { type: 'button', class: 'small', id: `${id}-open`, text: field.file.label ?? 'Open file…', title: field.file.title ?? '' });
    open.addEventListener('click', () => picker.click());
    picker.addEventListener('change', async () => {
      const file = picker.files?.[0];
      picker.value = '';
      if (!file) return;
      try {
        const kind = field.file.kind ?? 'network';
        const limit = (kind === 'matrix' ? this.catalog?.max_matrix_file_bytes : this.catalog?.max_network_file_bytes) ?? Infinity;
        if (file.size > limit) {
          throw new Error(`'${file.name}' is ${(file.size / 2 ** 20).toFixed(1)} MiB, above the ${limit / 2 ** 20} MiB a ${kind} file may have`);
        }
        const spec = await this.importFile(kind, file.name, await file.text());
        apply(spec, file.name);
        this.clearErrors();
        this.refresh();
        this.onRunNow();
      } catch (err) {
        this.showError(field.name, err?.message ?? String(err));
      }
    });
    // the file the field's spec came from, while it holds one (`refresh`)
    const from = el('span', { class: 'file-name', id: `${id}-file-name` });
    return el('div', { class: 'row with-file' }, body, open, picker, from);
  }

  /** A number input with a range slider beside it, kept in step (e.g. t_max). */
  #withSlider(field, input) {
    const id = this.id(field);
    const slider = el('input', { id: `${id}-slider`, type: 'range', min: '1', max: '64', step: '1', value: '32', 'aria-label': `${field.label.replace(/<[^>]+>/g, '')}: slider`, 'aria-describedby': `${id}-help` });
    slider.addEventListener('input', () => {
      input.value = slider.value;
      this.#changed();
    });
    input.addEventListener('input', () => {
      if (/^\d+$/.test(input.value.trim())) slider.value = input.value.trim();
    });
    this.sliders ??= new Map();
    this.sliders.set(field.name, slider);
    return el('div', { class: 'row' }, slider, input);
  }

  /** The slider of a field (whose look has `slider`), or null. */
  slider(name) {
    return this.sliders?.get(name) ?? null;
  }

  #changed() {
    this.refresh();
    this.changed();
  }

  cancelPending() {
    this.changed.cancel();
    this.typed.cancel();
  }

  /** This lab's entry of the core's catalog (its limits, choices, defaults), or null. */
  entry() {
    return this.catalog?.labs?.find((l) => l.name === this.lab.name) ?? null;
  }

  /** The core's range of the field at `path` of this lab (`{min, max}`), or null. */
  limit(path) {
    return this.entry()?.limits?.find((l) => l.field === path) ?? null;
  }

  /** The core's closed choice at `path` (`{field, decides, options: [{value, label, about}]}`), or null. */
  choice(path) {
    return this.entry()?.choices?.find((c) => c.field === path) ?? null;
  }

  /** The core's default of the field at `path` (dotted), or undefined before the catalog. */
  default(path) {
    return defaultAt(this.entry(), path);
  }

  /**
   * Fill the catalog-driven parts: select options, pattern names, help from the catalog, and
   * number inputs' ranges from the lab's limits (the core's constants; the page restates none).
   */
  populate(catalog) {
    this.catalog = catalog;
    for (const field of this.fields) {
      const input = this.inputs.get(field.name);
      const limit = this.limit(field.path);
      if (limit && input?.setAttribute) {
        input.setAttribute('min', String(limit.min));
        input.setAttribute('max', String(limit.max));
        input.dataset.path = field.path;
        const slider = this.slider(field.name);
        if (slider) [slider.min, slider.max] = [String(limit.min), String(limit.max)];
      }
      if (field.kind === 'pattern') input.populate(catalog.patterns);
      else if (field.kind === 'custom') input.populate?.(this.entry());
      else if (field.kind === 'select') {
        const choice = this.choice(field.path);
        const options = this.#options(field, catalog);
        const value = input.value;
        input.replaceChildren(...options.map(([v, text, title]) => el('option', { value: v, text, title })));
        if (value !== '') {
          ensureOption(input, value);
          input.value = value;
        }
        if (choice && field.decides) input.dataset.decides = choice.decides;
      }
    }
    this.refresh();
  }

  /**
   * A choice's options as `[value, label, about]`: the lab's own choice of its path, or the
   * registry's list it names; first, when the field may be empty, what empty means.
   */
  #options(field, catalog) {
    const { core } = field;
    const fallback = this.default(field.path);
    const listed = {
      lab: () => choiceOptions(this.choice(field.path), fallback),
      routers: () => {
        const about = new Map(catalog.routing_definitions);
        return catalog.routings.map((name) => [name, name, about.get(name) ?? name]);
      },
      policies: () => catalog.policies.map(([name, about]) => [name, name, about]),
      'all-to-all': () => catalog.all2all.map(([name, about]) => [name, name, about]),
    }[core.kind.from]();
    if (core.empty === null) return listed;
    return [['', `${core.empty}${fallback === '' ? ' (default)' : ''}`, core.about], ...listed];
  }

  /** The raw text of a field's input. */
  text(name) {
    const input = this.inputs.get(name);
    return input instanceof PatternField ? input.text : input.get ? input.get() : input.value;
  }

  /** Put `value` (a Scenario value, or text) into a field as if typed or chosen. */
  setValue(name, value) {
    const input = this.inputs.get(name);
    const text = plain(value);
    if (input instanceof PatternField) input.set(text);
    else if (input.set) input.set(value);
    else {
      if (input.tagName === 'SELECT') ensureOption(input, text);
      input.value = text;
      const slider = this.slider(name);
      if (slider && /^\d+$/.test(text)) slider.value = text;
    }
  }

  /** Show a Scenario's settings in the fields, exactly as written. */
  set(scenario) {
    const section = scenario[this.lab.section] ?? {};
    for (const field of this.fields) {
      const value = field.scope === 'scenario' ? scenario[field.path] : section[field.path];
      this.setValue(field.name, value ?? this.default(field.path) ?? null);
    }
    this.refresh();
  }

  /**
   * Put the settings a partial Scenario names into their fields (a preset of the core's
   * catalog: `{seed?, [section]: {field: value, …}}`); the fields it does not name keep theirs.
   */
  setSome(scenario) {
    const section = scenario[this.lab.section] ?? {};
    for (const field of this.fields) {
      const from = field.scope === 'scenario' ? scenario : section;
      if (Object.hasOwn(from, field.path)) this.setValue(field.name, from[field.path]);
    }
    this.refresh();
  }

  /** The parsed values so far (each field's parse sees the ones declared before it). */
  #parse() {
    const values = {};
    for (const field of this.fields) {
      const input = this.inputs.get(field.name);
      if (field.visible && !field.visible(values)) {
        values[field.name] = this.default(field.path) ?? null; // a hidden field sends its default
        continue;
      }
      if (input instanceof PatternField) {
        const read = input.read();
        if (read.error) throw Object.assign(new FieldError(read.error.message, { what: read.error.field }), { field: field.name });
        values[field.name] = read.pattern;
        continue;
      }
      try {
        const text = input.get ? input.get() : input.value;
        values[field.name] = readValue(field, input, text, values);
      } catch (err) {
        if (!(err instanceof FieldError)) throw err;
        throw Object.assign(err, { field: field.name });
      }
    }
    return values;
  }

  /**
   * The form as `{seed, section}` (the section starts from `base`'s, so settings this form does
   * not edit pass through), or `{error}` for the first field that is not valid (as `explain`'s).
   */
  read(base = {}) {
    let values;
    try {
      values = this.#parse();
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      return { error: this.#plain(this.field(err.field), null, err.message, err.what ? [err.what] : []) };
    }
    const section = { ...(base[this.lab.section] ?? {}) };
    let seed = base.seed;
    for (const field of this.fields) {
      if (field.scope === 'scenario') seed = values[field.name];
      else section[field.path] = values[field.name];
    }
    return { seed, section };
  }

  /** Visibility, enabled state and option help follow the values (best effort while invalid). */
  refresh() {
    const values = {};
    for (const field of this.fields) {
      const input = this.inputs.get(field.name);
      const box = document.getElementById(`${this.id(field)}-field`);
      const visible = !field.visible || field.visible(values);
      if (box) show(box, visible);
      if (field.enabled && !(input instanceof PatternField) && !input.get) {
        const on = field.enabled(values);
        input.disabled = !on;
        const slider = this.slider(field.name);
        if (slider) slider.disabled = !on;
      }
      if (input instanceof PatternField) values[field.name] = input.read().pattern ?? input.base;
      else {
        const text = input.get ? input.get() : input.value;
        try {
          values[field.name] = readValue(field, input, text, values);
        } catch {
          values[field.name] = text;
        }
      }
      if (field.file) {
        const file = fileOf(this.text(field.name));
        const from = document.getElementById(`${this.id(field)}-file-name`);
        if (from) from.textContent = file ? `from ${file}` : '';
      }
      if (field.describe && input.tagName === 'SELECT') {
        const option = input.selectedOptions[0];
        const about = option?.title ?? '';
        const text = input.dataset.decides && about ? `${input.dataset.decides}: ${about}` : about;
        input.title = text;
        const help = document.getElementById(`${this.id(field)}-help`);
        if (help) help.textContent = text;
      }
    }
    return values;
  }

  /**
   * Where a Scenario path (`err.field` of a core error, e.g. `slots.topology`) points: the field
   * and what the path names inside it (`port_ratio` of `ctc.cost.port_ratio`; null: all of it).
   */
  #locate(path) {
    if (!path) return null;
    const inSection = path.startsWith(`${this.lab.section}.`) ? path.slice(this.lab.section.length + 1) : null;
    for (const field of this.fields) {
      const own = field.scope === 'scenario' ? path : inSection;
      if (own === null) continue;
      if (own === field.path || (field.alsoFor ?? []).includes(own)) return { field, sub: null };
      if (own.startsWith(`${field.path}.`)) return { field, sub: own.slice(field.path.length + 1) };
    }
    return null;
  }

  /**
   * The name a person reads for a field: the text of its label (for a custom control, the label
   * of its part `sub`, its own label or legend, else its group's heading), or null.
   */
  #labelOf(name, sub = null) {
    const field = this.field(name);
    if (!field) return null;
    const id = this.id(field);
    const box = document.getElementById(`${id}-field`);
    const label = (sub && box?.querySelector(`label[for="${CSS.escape(`${id}-${sub}`)}"]`)) || box?.querySelector(`label[for="${CSS.escape(id)}"]`) || box?.querySelector('legend');
    const text = (label ? visibleText(label) : (field.group ?? '')).replace(/\s+/g, ' ').trim();
    return text || null;
  }

  /** The keys a message may name a field by: its name and Scenario path, `_` or `-` alike, and its label. */
  #keys(field, sub, extra) {
    const paths = [field.name, field.path, `${this.lab.section}.${field.path}`];
    if (sub) paths.push(sub, ...paths.map((p) => `${p}.${sub}`));
    const keys = [...paths, ...extra].flatMap((k) => [k, k.replaceAll('_', '-'), k.replaceAll('-', '_')]);
    const label = this.#labelOf(field.name, sub);
    if (label) keys.push(label);
    return [...new Set([...keys, ...WRAPPERS, this.lab.section].map((k) => k.toLowerCase()))].sort((a, b) => b.length - a.length);
  }

  /**
   * An error about `field` in the page's words: `{field: name, message, general}`, `message` the
   * reason shown beside the field, `general` the field's label and the reason.
   */
  #plain(field, sub, message, extra) {
    const reason = withoutKeys(message, this.#keys(field, sub, extra));
    const label = this.#labelOf(field.name, sub);
    const general = label ? `${label}${reason.startsWith("'") ? ' ' : ': '}${reason}` : reason;
    return { field: field.name, message: reason, general };
  }

  /**
   * A core error (`err.field` a Scenario path or null, `err.message`) in the page's words:
   * `{field, message, general}` as `read()`'s error; `field` null when no field of this form is
   * concerned, then `general` is the message itself (its decoder's wrapper said in words).
   */
  explain(err) {
    const at = this.#locate(err.field);
    if (!at) return { field: null, message: setUpMessage(err.message), general: setUpMessage(err.message) };
    return this.#plain(at.field, at.sub, err.message, [err.field]);
  }

  /**
   * Show `message` next to the field `name` (every other field's error cleared). The same error
   * shown again keeps what is offered beside it; any other takes it away.
   */
  showError(name, message) {
    const same = this.shownError.name === name && this.shownError.message === message;
    if (!same) {
      this.shownError = { name, message, seq: this.shownError.seq + 1 };
      for (const field of this.fields) {
        const box = document.getElementById(`${this.id(field)}-offer`);
        box?.replaceChildren();
        if (box) show(box, false);
      }
    }
    for (const field of this.fields) {
      const mine = field.name === name;
      const box = document.getElementById(`${this.id(field)}-error`);
      box.textContent = mine ? message : '';
      show(box, mine);
      // a new message is brought into view beside its field (below the fold it went unseen)
      if (mine && !same && message) requestAnimationFrame(() => box.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      const input = this.inputs.get(field.name);
      if (input instanceof PatternField || input.setInvalid) input.setInvalid(mine);
      else input.toggleAttribute('aria-invalid', mine);
    }
  }

  clearErrors() {
    this.showError(null, '');
  }

  /** A choice field's options as `{value, label}`, or null for a field of another kind. */
  choices(name) {
    const input = this.inputs.get(name);
    if (!(input instanceof HTMLSelectElement)) return null;
    return [...input.options].map((option) => ({ value: option.value, label: option.textContent }));
  }

  /**
   * Beside the error of choice field `name` (shown by `showError`), its other choices that run
   * as set, as they are found: `add(choice)` puts one as a button that picks it and runs,
   * `done()` says the search ended. Both do nothing once another error is shown (`open` false).
   */
  offer(name) {
    const field = this.field(name);
    const box = field && document.getElementById(`${this.id(field)}-offer`);
    const seq = this.shownError.seq;
    const isOpen = () => Boolean(box) && this.shownError.seq === seq && this.shownError.name === name;
    const none = { open: false, add() {}, done() {} };
    if (!isOpen()) return none;
    const label = this.#labelOf(name) ?? name;
    const head = el('p', { class: 'offer-head', id: `${this.id(field)}-offer-head`, text: `Trying the other choices of ${label}…` });
    const buttons = el('span', { class: 'offer-choices' });
    box.replaceChildren(head, buttons);
    show(box, true);
    return {
      get open() {
        return isOpen();
      },
      add: ({ value, label: text }) => {
        if (!isOpen()) return;
        const button = el('button', { type: 'button', class: 'small', 'data-value': value, text });
        button.addEventListener('click', () => {
          this.setValue(name, value);
          this.refresh();
          this.inputs.get(name).focus();
          this.onRunNow();
        });
        buttons.append(button);
      },
      done: () => {
        if (!isOpen()) return;
        head.textContent = buttons.childElementCount ? 'Instead, these run as set:' : `None of the other choices of ${label} runs as set.`;
      },
    };
  }
}
