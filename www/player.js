// The step player: ◀ ▶, a slider, play/pause with a speed, the keyboard (← → Space Home End)
// and the current step's title, explanation and metrics. It only says which step is wanted;
// the page asks the worker for that step's figure.
import { byId, el, isTyping } from './dom.js';

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
    // Capture: the player's keys are taken before a focused select, slider or button acts on
    // them (a → on the policy select must step, not choose the next policy).
    document.addEventListener('keydown', (event) => this.#key(event), true);
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

  #key(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (isTyping(event.target)) return;
    if (event.target?.closest?.('dialog, [role="dialog"], details.menu')) return;
    const actions = {
      ArrowRight: () => this.go(this.index + 1),
      ArrowLeft: () => this.go(this.index - 1),
      Home: () => this.go(0),
      End: () => this.go(this.count - 1),
      ' ': () => this.toggle(),
      Spacebar: () => this.toggle(),
    };
    const action = actions[event.key];
    if (!action || this.count === 0) return;
    // Every step key is the player's, even on a focused select, slider or button (Space plays
    // and pauses rather than clicking the focused button; Enter still clicks it).
    event.preventDefault();
    event.stopPropagation();
    if (action !== actions[' '] && action !== actions.Spacebar) this.stop();
    action();
  }

}
