// Long computations started from a lab's analysis panel (a study: a sweep, a search): the busy
// row with its progress bar, the status line, the error box and Cancel. Studies run in their
// lab's own studies' worker, so Cancel stops only the study and another lab never stops it; what
// it streamed so far stays on the page, and its exports say what produced them.
import { byId, el, show, Estimate } from './dom.js';
import { downloadStudy } from './exporting.js';

export class JobPanel {
  /**
   * Elements are `${prefix}${which}` (the button in its card's `.card-head`) and its `-status`
   * and `-error` companions; the busy row (`-busy`, `-progress`, `-cancel`) is added under the
   * card's head. `cancel(which)` stops the worker; `labels[which]` is `[name, doing]`: the job's
   * name ("trade-off") and what the busy row says ("Sweeping…").
   */
  constructor(prefix, { cancel, labels }) {
    this.prefix = prefix;
    this.cancelWork = cancel;
    this.labels = labels;
    this.running = null; // the job the worker is computing, if any
    for (const [which, [name, doing]] of Object.entries(labels)) {
      const id = `${prefix}${which}`;
      const cancelButton = el('button', { type: 'button', id: `${id}-cancel`, 'aria-label': `Cancel the ${name}`, text: 'Cancel' });
      cancelButton.addEventListener('click', () => this.cancel(which));
      const busy = el('div', { id: `${id}-busy`, class: 'inline-busy', hidden: true }, el('label', { for: `${id}-progress`, text: doing }), el('progress', { id: `${id}-progress`, max: '1', value: '0' }), cancelButton);
      byId(id).closest('.card-head').after(busy);
    }
  }

  #part(which, part = '') {
    return byId(`${this.prefix}${which}${part}`);
  }

  /** Show `message` in the job's error box, or clear it (null). */
  error(which, message) {
    const box = this.#part(which, '-error');
    box.textContent = message ?? '';
    show(box, Boolean(message));
  }

  /**
   * Run `work(onProgress)`, which returns how to show its result (or null when the result no
   * longer belongs to what is shown). Without `determinate` the bar just shows that work is
   * going on. `cancelled()` says what a Cancel leaves (e.g. "Cancelled after 4 points: they
   * are kept."), or null when nothing was computed.
   */
  async run(which, status, work, { determinate = true, cancelled = () => null } = {}) {
    const button = this.#part(which);
    const progress = this.#part(which, '-progress');
    const busy = this.#part(which, '-busy');
    const line = this.#part(which, '-status');
    if (determinate) progress.value = 0;
    this.error(which, null);
    this.running = which;
    show(busy, true);
    button.disabled = true;
    line.textContent = status;
    try {
      const estimate = new Estimate();
      const label = busy.querySelector('label');
      const doing = this.labels[which][1];
      label.textContent = doing;
      const showIt = await work((fraction) => {
        progress.value = fraction;
        label.textContent = estimate.text(doing, fraction);
      });
      showIt?.();
    } catch (err) {
      if (err?.cancelled) {
        line.textContent = cancelled() ?? `Cancelled: the ${this.labels[which][0]} was not computed.`;
        return;
      }
      line.textContent = '';
      this.error(which, err.message);
    } finally {
      this.running = null;
      show(busy, false);
      button.disabled = false;
    }
  }

  /** Stop `which` if it is the job running. */
  cancel(which) {
    if (this.running === which) this.cancelWork(which);
  }
}

/**
 * What a lab's analysis panels share: the study runner, the shown run, notices, file names,
 * the key of what the shown results belong to, and the JobPanel of their long jobs.
 * `study(name, now, args, onProgress)` runs a study of `now` (the shown run, from `current()`:
 * {scenario, json, result}) in the lab's studies' worker (progress and streamed points through
 * `onProgress(fraction, point)`) and remembers what it ran, for `exportStudy`; `cancelStudy()`
 * stops it; `current()` is the lab's shown run or null.
 */
export class StudyPanels {
  #runner;

  constructor(prefix, labels, { study, cancelStudy, current, notify, fileStem }) {
    this.#runner = study;
    this.current = current;
    this.notify = notify;
    this.fileStem = fileStem;
    this.key = null;
    this.made = {}; // study name → {study, scenario, args} of its last run
    this.jobs = new JobPanel(prefix, { cancel: () => cancelStudy(), labels });
  }

  study(name, now, args, onProgress) {
    this.made[name] = { study: name, scenario: now.scenario, args };
    return this.#runner(name, now.json, args, onProgress);
  }

  /**
   * Download the results of study `name` as `kind`: JSON carries the lab, the study, the
   * Scenario it ran for and its arguments, then `body`; CSV is `csv()`. Named after the lab,
   * the set-up it ran for and the study (www/exporting.js, `downloadStudy`).
   */
  /** @param {string} kind @param {string} name @param {{body?: object, csv?: () => string}} [what] */
  exportStudy(kind, name, { body = {}, csv = () => '' } = {}) {
    const made = this.made[name];
    if (!made) return;
    const file = downloadStudy(kind, { ...made, stem: this.fileStem(made.scenario), body, csv: kind === 'csv' ? csv() : null });
    this.notify(`Downloaded ${file}`);
  }
}
