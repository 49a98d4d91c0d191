// The progress line's estimate (www/dom.js, Estimate) on synthetic clocks: "estimating…" until
// there is a basis, then the time left at the recent rate — within 2× of the truth at 20 % done
// for a job whose first part runs at another speed than the rest (a set-up, a warm-up).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Estimate } from '../../www/dom.js';

/** Seconds left as the line says them (null: no estimate yet). */
function secondsLeft(line) {
  const m = line.match(/about (\d+) (s|min) left/);
  if (m) return Number(m[1]) * (m[2] === 'min' ? 60 : 1);
  return /under a second left/.test(line) ? 0.5 : null;
}

/** Report a job of `total` ms whose fraction at time t is `fractionAt(t)`, every 40 ms; the line at 20 % done. */
function lineAtFifth(total, fractionAt) {
  const estimate = new Estimate(0);
  for (let t = 40; t < total; t += 40) {
    const fraction = fractionAt(t);
    const line = estimate.text('Working…', fraction, t);
    if (fraction >= 0.2) return { line, truth: (total - t) / 1000 };
  }
  throw new Error('never reached 20 %');
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

test('a job whose first 10 % went 5× faster than the rest: within 2× at 20 %', () => {
  // 10 % in 2 s, then 90 % in 90 s: an average rate would say ~half the truth
  const fractionAt = (t) => (t < 2000 ? (0.1 * t) / 2000 : 0.1 + (0.9 * (t - 2000)) / 90_000);
  const { line, truth } = lineAtFifth(92_000, fractionAt);
  const left = secondsLeft(line);
  assert.ok(left >= truth / 2 && left <= truth * 2, `${line} (truth ${truth.toFixed(0)} s)`);
});

test('a job whose first 10 % went 5× slower than the rest: within 2× at 20 %', () => {
  const fractionAt = (t) => (t < 20_000 ? (0.1 * t) / 20_000 : 0.1 + (0.9 * (t - 20_000)) / 18_000);
  const { line, truth } = lineAtFifth(38_000, fractionAt);
  const left = secondsLeft(line);
  assert.ok(left >= truth / 2 && left <= truth * 2, `${line} (truth ${truth.toFixed(0)} s)`);
});
