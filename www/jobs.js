// Long computations started from an analysis panel (TopoGen's trade-off, Routing's sweep and
// study): the busy row with its progress bar, the status line, the error box and Cancel.
import { byId, show } from './dom.js';

export class JobPanel {
  /**
   * Elements are `${prefix}${which}` (the button) and its `-busy`, `-progress`, `-status` and
   * `-error` companions; `cancel(which)` stops the worker; `labels[which]` names the job in the
   * "Cancelled" line.
   */
  constructor(prefix, { cancel, labels }) {
    this.prefix = prefix;
    this.cancelWork = cancel;
    this.labels = labels;
    this.running = null; // the job the worker is computing, if any
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
   * going on.
   */
  async run(which, status, work, { determinate = true } = {}) {
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
      const showIt = await work((fraction) => {
        progress.value = fraction;
      });
      showIt?.();
    } catch (err) {
      if (err?.cancelled) {
        line.textContent = `Cancelled: the ${this.labels[which]} was not computed.`;
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
