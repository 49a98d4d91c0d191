// The Simulate lab's latency–load sweep (papers 002 §VI-C, 004 §3.4) spread over several
// workers, one offered load at a time. Each point is an independent run of the core's `sweep`
// study, so the curve kept is the one a serial sweep gives: the points in load order up to and
// including the first one past saturation (or the first error); work above it is dropped.
import { Engine, Cancelled } from '../engine.js';

/** Workers of a sweep: one per core, at most 4. */
export function sweepWorkers() {
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));
}

/**
 * A sweep's summary as the core's study gives it: the points, the most any accepted once the
 * network saturated or every load up to 1 ran (else null: not reached, as `flit::Sweep` says),
 * the first saturated load.
 */
export function sweepSummary(points) {
  const last = points[points.length - 1];
  const saturated = Boolean(last?.past_saturation);
  const reachedOne = (last?.offered_flits_per_node_cycle ?? 0) >= 1 - 1e-9;
  return {
    points,
    saturation_throughput: saturated || reachedOne ? points.reduce((most, p) => Math.max(most, p.accepted_flits_per_node_cycle), 0) : null,
    saturated_at: saturated ? last.offered_flits_per_node_cycle : null,
  };
}

export class ParallelSweep {
  /** `workers`: how many Engines share the loads. */
  constructor(workers = sweepWorkers()) {
    this.workers = workers;
    this.engines = [];
    this.cancelled = false;
  }

  /**
   * The curve of Scenario `json` at `loads` (increasing). `onPoint(points, fraction)` hears the
   * points kept so far (in load order) each time one arrives. Resolves with the summary
   * (`sweepSummary`); rejects with the first error a serial sweep would meet, or Cancelled.
   */
  /** @param {string} json @param {number[]} loads @param {(points: object[], fraction: number) => void} [onPoint] @param {{bound?: number|null}} [options] */
  async run(json, loads, onPoint = () => {}, { bound = null } = {}) {
    // the progress counts the loads the sweep can reach: none past the first above bound / 0.9
    // (a network accepts at most its channel-load bound, so that load is past saturation), and
    // none past the first point past saturation (a 32×32 sweep read 7 % after 7 of at most 13)
    const reach = Number.isFinite(bound) && bound > 0 ? loads.findIndex((l) => l > bound / 0.9 + 1e-9) : -1;
    const span = () => Math.min(last, reach >= 0 ? reach : last) + 1;
    this.cancelled = false;
    const outcomes = new Array(loads.length); // {point} or {error}, by load index
    const busy = new Map(); // engine → the load index it computes
    let next = 0;
    let last = loads.length - 1; // the last index a serial sweep could reach
    const kept = () => outcomes.slice(0, last + 1).filter((o) => o?.point).map((o) => o.point);

    /** A point past saturation (or an error) at `i` ends the curve there: drop the work above it. */
    const endAt = (i) => {
      if (i >= last) return;
      last = i;
      for (const [engine, index] of busy) if (index > last) engine.stop();
    };

    const work = async (engine) => {
      try {
        await engine.start();
        while (!this.cancelled && next <= last) {
          const i = next++;
          busy.set(engine, i);
          try {
            const out = await engine.request('study', { json, name: 'sweep', args: { loads: [loads[i]] } });
            outcomes[i] = { point: out.points[0] };
            if (out.points[0].past_saturation) endAt(i);
          } catch (err) {
            if (err instanceof Cancelled || err?.cancelled) return; // dropped (above the curve's end) or cancelled
            outcomes[i] = { error: err };
            endAt(i);
          } finally {
            busy.delete(engine);
          }
          if (i <= last && !this.cancelled) onPoint(kept(), outcomes.slice(0, span()).filter(Boolean).length / span());
        }
      } finally {
        engine.stop();
      }
    };

    // every load checked first, as its point's study checks it (the run's work at that load
    // against the limit): a 64×64 sweep sat at "50 %, estimating…" for 26 s before a refusal
    // it could have given at once. (Each point is a request of its own, as the workers run it.)
    const check = new Engine();
    this.engines = [check];
    try {
      await check.start();
      for (const load of loads) await check.request('precheckStudy', { json, name: 'sweep', args: { loads: [load] } });
    } catch (err) {
      throw this.cancelled || err instanceof Cancelled || err?.cancelled ? new Cancelled() : err;
    } finally {
      check.stop();
      this.engines = [];
    }
    if (this.cancelled) throw new Cancelled();
    this.engines = Array.from({ length: Math.max(1, Math.min(this.workers, loads.length)) }, () => new Engine());
    try {
      await Promise.all(this.engines.map(work));
    } catch (err) {
      if (!this.cancelled) this.cancel(); // a worker that could not start: stop the others too
      throw this.cancelled && (err instanceof Cancelled || err?.cancelled) ? new Cancelled() : err;
    } finally {
      this.engines = [];
    }
    if (this.cancelled) throw new Cancelled();
    const failed = outcomes[last]?.error;
    if (failed) throw failed;
    return sweepSummary(kept());
  }

  /** Stop every worker; `run` rejects with Cancelled and the points already reported stay with the caller. */
  cancel() {
    this.cancelled = true;
    for (const engine of this.engines) engine.stop();
  }
}
