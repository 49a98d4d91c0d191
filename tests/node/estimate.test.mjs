// The progress line's estimate (www/dom.js, Estimate) on synthetic clocks: "estimating…" until
// there is a basis, then the time left at the recent rate while it agrees with the whole run's:
// a steady job is told its time by 20 %; once a job has changed speed (after a set-up, a
// warm-up, into a slower phase) it is never told a time more than 2× off — it reads
// "estimating…" until the rates agree again. No rule can foresee a change still to come: how
// the lines fare on the labs' real runs is `npm run bench:browser -- --estimates`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Estimate } from '../../www/dom.js';

/** Seconds left as the line says them (null: no estimate yet). */
function secondsLeft(line) {
  const m = line.match(/about (\d+) (s|min) left/);
  if (m) return Number(m[1]) * (m[2] === 'min' ? 60 : 1);
  return /under a second left/.test(line) ? 0.5 : null;
}

/** Every line of a job of `total` ms whose fraction at time t is `fractionAt(t)`, reported every 40 ms: [line, fraction, truth in s]. */
function lines(total, fractionAt) {
  const estimate = new Estimate(0);
  const out = [];
  for (let t = 40; t < total; t += 40) {
    const fraction = fractionAt(t);
    out.push([estimate.text('Working…', fraction, t), fraction, (total - t) / 1000]);
  }
  return out;
}

/** The line at 20 % done. */
function lineAtFifth(total, fractionAt) {
  const [line, , truth] = lines(total, fractionAt).find(([, fraction]) => fraction >= 0.2);
  return { line, truth };
}

/**
 * No line from `from` ms on (half a second after the job changed speed: no estimate foresees a change to come, and the first report after it reads like those before)
 * tells a time more than 2× off the truth (a second's rounding allowed); how many told one.
 */
function neverOffByTwo(total, fractionAt, from = 0) {
  const told = lines(total, fractionAt).filter(([line], i) => (i + 1) * 40 >= from && secondsLeft(line) !== null);
  for (const [line, , truth] of told) {
    const left = secondsLeft(line);
    assert.ok(left + 1 >= truth / 2 && left <= truth * 2 + 1, `${line} (truth ${truth.toFixed(1)} s)`);
  }
  return told.length;
}

test('before a basis the line says estimating…, never a number', () => {
  const estimate = new Estimate(0);
  assert.equal(estimate.text('Working…', 0, 100), 'Working… 0%, estimating…');
  assert.equal(estimate.text('Working…', 0.3, 1000), 'Working… 30%, estimating…', 'one second is not a basis');
  assert.equal(estimate.text('Working…', 0.03, 5000), 'Working… 3%, estimating…', 'three per cent is not a basis');
  assert.equal(estimate.text('Working…', 1, 6000), 'Working…');
});

test('a steady job: the estimate at 20 % is the truth', () => {
  const { line, truth } = lineAtFifth(60_000, (t) => t / 60_000);
  assert.ok(Math.abs(secondsLeft(line) - truth) <= 1, `${line} (truth ${truth} s)`);
});

test('a job whose first 10 % went 5× faster than the rest: never 2× off', () => {
  // 10 % in 2 s, then 90 % in 90 s: an average rate would say ~half the truth
  const fractionAt = (t) => (t < 2000 ? (0.1 * t) / 2000 : 0.1 + (0.9 * (t - 2000)) / 90_000);
  assert.ok(neverOffByTwo(92_000, fractionAt, 2500) > 100, 'a time is told once the rate has settled');
});

test('a job whose first 10 % went 5× slower than the rest: never 2× off', () => {
  const fractionAt = (t) => (t < 20_000 ? (0.1 * t) / 20_000 : 0.1 + (0.9 * (t - 20_000)) / 18_000);
  neverOffByTwo(38_000, fractionAt, 20_500); // (the whole run's rate never comes near the new one: "estimating…" to the end)
});

test('a job that slows 10× at half way (a search that runs out of easy moves): never 2× off', () => {
  // 50 % in 5 s, then 50 % in 50 s: the rate before the turn would say 5 s for 50 s
  const fractionAt = (t) => (t < 5000 ? (0.5 * t) / 5000 : 0.5 + (0.5 * (t - 5000)) / 50_000);
  neverOffByTwo(55_000, fractionAt, 5500);
});

test('a job whose progress jumps after a long quiet set-up says "estimating…", not a number', () => {
  // 30 s of set-up at 1 %, then the rest in 1 s
  const fractionAt = (t) => (t < 30_000 ? (0.01 * t) / 30_000 : 0.01 + (0.99 * (t - 30_000)) / 1000);
  neverOffByTwo(31_000, fractionAt, 30_500);
});
