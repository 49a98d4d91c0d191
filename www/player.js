// The step player: ◀ ▶, a slider, play/pause with a speed, and the current step's title,
// explanation and metrics. Its keys (← → Space Home End PageDown PageUp) come from the page's
// one key map (www/keys.js), which calls forward(), back(), first(), last() and toggleByKey(). It
// only says which step is wanted; the page asks the worker for that step's figure.
import { announce, byId, el } from './dom.js';

const NO_STEPS_TEXT = 'No steps to play for this run.';

function metricText(name, value) {
  const label = name.replace(/_/g, ' ');
  if (/utilization|efficiency|fraction/.test(name)) return [label, `${(value * 100).toFixed(1)}%`];
  return [label, Number.isInteger(value) ? String(value) : value.toFixed(3)];
}

export class Player {
  /** `onStep(index)` is called when the user (or play) moves to another step. */
  constructor({ onStep }) {
    this.onStep = onStep;
    this.steps = [];
    this.index = null;
    this.timer = null;
    this.root = byId('player');
    this.prev = byId('prev');
    this.next = byId('next');
    this.play = byId('play');
    this.slider = byId('step-slider');
    this.speed = byId('speed');
    this.counter = byId('step-counter');
    this.title = byId('step-title');
    this.explanation = byId('step-explanation');
    this.metrics = byId('step-metrics');

    this.prev.addEventListener('click', () => this.go(this.index - 1));
    this.next.addEventListener('click', () => this.go(this.index + 1));
    this.play.addEventListener('click', () => this.toggle());
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value), { fromSlider: true }));
    this.speed.addEventListener('change', () => {
      if (this.playing) this.#schedule();
    });
    this.setSteps([], null);
  }

  get playing() {
    return this.timer !== null;
  }

  get count() {
    return this.steps.length;
  }

  /**
   * New steps (from a run) and the step shown (null when there are none); `empty` is what the
   * player says when there are none (the lab's own hint, e.g. how to get steps).
   */
  setSteps(steps, index, empty = NO_STEPS_TEXT) {
    this.stop();
    this.emptyText = empty ?? NO_STEPS_TEXT;
    this.steps = steps ?? [];
    const has = this.count > 0;
    this.root.classList.toggle('empty', !has);
    for (const control of [this.prev, this.next, this.play, this.slider]) control.disabled = !has;
    this.slider.max = String(Math.max(0, this.count - 1));
    this.show(has ? index ?? 0 : null);
  }

  /** Display step `index` (no event). */
  show(index) {
    this.index = index;
    if (index === null || this.count === 0) {
      this.counter.textContent = 'No steps';
      this.title.textContent = '';
      this.title.setAttribute('aria-hidden', 'true'); // (an empty heading is read as one; it keeps its place)
      this.explanation.textContent = this.emptyText ?? NO_STEPS_TEXT;
      this.metrics.replaceChildren();
      this.slider.value = '0';
      this.slider.removeAttribute('aria-valuetext');
      return;
    }
    const step = this.steps[index];
    this.counter.textContent = `Step ${index + 1} / ${this.count}`;
    this.slider.value = String(index);
    this.slider.setAttribute('aria-valuetext', `Step ${index + 1} of ${this.count}: ${step.title}`);
    this.title.textContent = step.title;
    this.title.removeAttribute('aria-hidden');
    this.explanation.textContent = step.explanation;
    this.metrics.replaceChildren(
      ...step.metrics.map(([name, value]) => {
        const [label, text] = metricText(name, value);
        return el('span', { class: 'chip' }, `${label} `, el('strong', { text }));
      }),
    );
    this.prev.disabled = index <= 0;
    this.next.disabled = index >= this.count - 1;
  }

  /** Move to step `index` (clamped) and tell the page. */
  go(index, { fromSlider = false } = {}) {
    if (this.count === 0) return;
    const target = Math.max(0, Math.min(this.count - 1, Math.round(index)));
    if (target === this.index && !fromSlider) return;
    this.show(target);
    const step = this.steps[target];
    announce(`Step ${target + 1} of ${this.count}: ${step.title}. ${step.explanation}`);
    this.onStep(target);
  }

  toggle() {
    if (this.playing) this.stop();
    else this.start();
  }

  start() {
    if (this.count < 2) return;
    if (this.index >= this.count - 1) this.go(0);
    this.play.textContent = 'Pause';
    this.play.setAttribute('aria-label', 'Pause (Space)');
    this.play.setAttribute('aria-pressed', 'true');
    this.#schedule();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.play.textContent = 'Play';
    this.play.setAttribute('aria-label', 'Play (Space)');
    this.play.setAttribute('aria-pressed', 'false');
  }

  #schedule() {
    clearTimeout(this.timer);
    const interval = 1000 / Number(this.speed.value || 2);
    this.timer = setTimeout(() => {
      if (this.index >= this.count - 1) return this.stop();
      this.go(this.index + 1);
      if (this.index >= this.count - 1) this.stop();
      else this.#schedule();
    }, interval);
  }

  /**
   * The key map's moves (www/keys.js): a step by hand stops play. Each returns true when the
   * step changed, false when there was nowhere to go (the last step, the first, no steps) — an
   * embed then hands the key to its host.
   */
  forward() {
    return this.#byHand(this.index + 1);
  }

  back() {
    return this.#byHand(this.index - 1);
  }

  first() {
    return this.#byHand(0);
  }

  last() {
    return this.#byHand(this.count - 1);
  }

  /** Play or pause (Space); false when there is nothing to play. */
  toggleByKey() {
    if (this.count < 2) return false;
    this.toggle();
    return true;
  }

  #byHand(index) {
    this.stop();
    const before = this.index;
    this.go(index);
    return this.count > 0 && this.index !== before;
  }

}
