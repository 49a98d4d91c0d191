// The Slots lab's controls: built from the worker's catalog (names and definitions), read into
// and written from a Scenario's `slots` + `seed`, and the per-control error messages.
import { byId, el, show, debounce } from './dom.js';
import { PatternField, ensureOption } from './pattern-field.js';

/** Routing descriptions when the catalog has none (older builds); the catalog's win. */
const ROUTING_TEXT = {
  '': "the topology's default: dimension-order on meshes and tori, up/down on fat-trees, shortest path otherwise",
  dor: 'dimension-order: dimension 0 first, then 1, …; on a torus the shorter way (ties go +)',
  shortest: 'shortest path by BFS; among equal next hops the lowest switch id',
  updown: 'fat-trees: up to the nearest common ancestor, then down; the up-port is chosen by a destination digit',
};

const NO_POLICY_TEXT = 'no slot policy: every communication holds one slot; the figure shows each channel\'s load against N';
const DEFAULT_ALL2ALL_TEXT = 'destination-based (default): every (source, destination) pair is its own circuit along the unicast route';

/** Which control an error message from the core is about (by its prefix), or null. */
export function fieldOfError(message) {
  const m = String(message);
  if (/^topology '/.test(m) || /^the switch count of /.test(m) || /^the (link|endpoint) count of /.test(m)) return 'topology';
  if (/^pattern '/.test(m) || /^all-to-all endpoint count/.test(m)) return 'pattern';
  if (/^routing '/.test(m)) return 'routing';
  if (/^policy:/.test(m)) return 'policy';
  if (/^all2all:/.test(m)) return 'all2all';
  if (/^seed/.test(m)) return 'seed';
  return null;
}

const FIELDS = ['topology', 'pattern', 'routing', 'policy', 'all2all', 'seed'];

export class Controls {
  /**
   * `onChange()` is called (debounced) when a control changes; `onRunNow()` for Run / Enter.
   */
  constructor({ onChange, onRunNow }) {
    this.onRunNow = onRunNow;
    this.form = byId('controls-form');
    this.topology = byId('topology');
    this.pattern = new PatternField();
    this.routing = byId('routing');
    this.policy = byId('policy');
    this.all2all = byId('all2all');
    this.seed = byId('seed');
    this.definitions = { policy: new Map(), all2all: new Map() };
    this.routingText = { ...ROUTING_TEXT };
    this.changed = debounce(() => onChange(), 250);
    this.typed = debounce(() => onChange(), 500);

    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.cancelPending();
      onRunNow();
    });
    this.topology.addEventListener('input', () => this.typed());
    this.topology.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.cancelPending();
        onRunNow();
      }
    });
    this.pattern.onChange((what) => {
      if (what === 'pattern') this.#patternChanged();
      this.changed();
    });
    for (const select of [this.routing, this.policy, this.all2all]) {
      select.addEventListener('change', () => {
        this.#describe();
        this.changed();
      });
    }
    this.seed.addEventListener('input', () => this.changed());
  }

  cancelPending() {
    this.changed.cancel();
    this.typed.cancel();
  }

  /** Fill the selects from the worker's catalog. */
  populate(catalog) {
    this.catalog = catalog;
    this.pattern.populate(catalog.patterns);
    for (const [name, definition] of catalog.routing_definitions ?? []) this.routingText[name] = definition;
    this.routing.replaceChildren(el('option', { value: '', title: this.routingText[''], text: 'auto (default)' }));
    for (const name of catalog.routings) {
      this.routing.append(el('option', { value: name, title: this.routingText[name] ?? name, text: name }));
    }
    this.policy.replaceChildren(el('option', { value: '', title: NO_POLICY_TEXT, text: 'none' }));
    for (const [name, definition] of catalog.policies) {
      this.definitions.policy.set(name, definition);
      this.policy.append(el('option', { value: name, title: definition, text: name }));
    }
    this.all2all.replaceChildren(el('option', { value: '', title: DEFAULT_ALL2ALL_TEXT, text: 'destination (default)' }));
    for (const [name, definition] of catalog.all2all) {
      this.definitions.all2all.set(name, definition);
      this.all2all.append(el('option', { value: name, title: definition, text: name }));
    }
    const generators = catalog.generators.map(([, syntax]) => syntax).join(' · ');
    this.topology.title = `Topology spec: ${generators}`;
    byId('topology-help').textContent = `${catalog.generators.map(([name]) => name).join(', ')}: e.g. mesh:8x8, fattree:4:3. Enter runs.`;
    byId('topology-help').title = generators;
    this.#patternChanged();
  }

  /** Show a Scenario's settings in the controls, exactly as written. */
  set(scenario) {
    const slots = scenario.slots;
    this.topology.value = slots.topology;
    this.pattern.set(slots.pattern); // a spelling the controls would not write back stays verbatim
    ensureOption(this.routing, slots.routing);
    this.routing.value = slots.routing;
    ensureOption(this.policy, slots.policy);
    this.policy.value = slots.policy;
    ensureOption(this.all2all, slots.all2all);
    this.all2all.value = slots.all2all;
    this.seed.value = String(scenario.seed);
    this.#patternChanged();
  }

  /** The controls as {seed, slots}, or {error: {field, message}} when one is not valid here. */
  read() {
    const seedText = this.seed.value.trim();
    // The core takes a u64, but its results travel as JavaScript numbers: stay exact.
    if (!/^\d+$/.test(seedText) || seedText.length > 16 || Number(seedText) > Number.MAX_SAFE_INTEGER) {
      return { error: { field: 'seed', message: `seed '${this.seed.value}': a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` } };
    }
    const pattern = this.pattern.read();
    if (pattern.error) return pattern;
    const isAllToAll = this.pattern.base === 'all-to-all';
    return {
      seed: seedText.replace(/^0+(?=\d)/, ''),
      slots: {
        topology: this.topology.value,
        pattern: pattern.pattern,
        routing: this.routing.value,
        policy: this.policy.value,
        all2all: isAllToAll ? this.all2all.value : '',
      },
    };
  }

  /** Show `message` next to `field` (others cleared when `field` is null). */
  showError(field, message) {
    for (const name of FIELDS) {
      const box = byId(`${name}-error`);
      const mine = name === field;
      box.textContent = mine ? message : '';
      show(box, mine);
      if (name === 'pattern') this.pattern.setInvalid(mine);
      else this.#input(name).toggleAttribute('aria-invalid', mine);
    }
  }

  clearErrors() {
    this.showError(null, '');
  }

  #input(name) {
    return { topology: this.topology, routing: this.routing, policy: this.policy, all2all: this.all2all, seed: this.seed }[name];
  }

  /** After the pattern changed (its field shows its number and definition): the all-to-all options. */
  #patternChanged() {
    show(byId('all2all-field'), this.pattern.base === 'all-to-all');
    this.#describe();
  }

  #describe() {
    const routing = this.routingText[this.routing.value] ?? '';
    this.routing.title = routing;
    byId('routing-help').textContent = routing;
    const policy = this.policy.value ? this.definitions.policy.get(this.policy.value) ?? '' : NO_POLICY_TEXT;
    this.policy.title = policy;
    byId('policy-help').textContent = policy;
    const all2all = this.all2all.value ? this.definitions.all2all.get(this.all2all.value) ?? '' : DEFAULT_ALL2ALL_TEXT;
    this.all2all.title = all2all;
    byId('all2all-help').textContent = all2all;
  }
}
