// The page's step keys in one map (DESIGN.md "The page"): ← → Space Home End and PageDown /
// PageUp, what a presentation clicker sends. While a tour is open ← → PageUp PageDown move its
// stop and Escape closes it; otherwise they, and always Home End Space, drive the step player.
// A select or slider reached with the keyboard keeps its own ← → (they move the control); one
// last pressed with a pointer leaves them to the steps, so a lecturer who picked a preset with the
// mouse steps on with →. PageDown / PageUp, the clicker's keys, step wherever focus is.
// In an embed (?embed=1) every key the page does not use — including a step key that would do
// nothing, at the last step or the first — is posted to the host, so a slide deck's clicker
// walks through the embed's steps and then moves the deck on (README "Clickers and decks").
import { isTyping } from './dom.js';
import { clickerTarget, defaultClickerTarget, isEmbed } from './permalink.js';

/** The message type the host window receives. */
export const KEY_MESSAGE = 'topolab:key';

/** Keys that move forward / back: the tour's stop while one is open, else the step. */
const FORWARD = new Set(['ArrowRight', 'PageDown']);
const BACK = new Set(['ArrowLeft', 'PageUp']);
/** Keys that stay with the step player even while a tour is open. */
const PLAYER = { Home: (p) => p.first(), End: (p) => p.last(), ' ': (p) => p.toggleByKey(), Spacebar: (p) => p.toggleByKey() };
/** Keys that scroll the page: taken while a tour is open, so the card never scrolls away. */
const SCROLLING = new Set(['ArrowUp', 'ArrowDown', 'PageDown', 'PageUp', ' ', 'Spacebar', 'Home', 'End']);
/** Keys an embed keeps even when no step key used them: focus, activation, modifiers alone. */
const NEVER_POSTED = new Set(['Tab', 'Enter', 'Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'Dead', 'Unidentified', 'Process']);

/** The select or slider a pointer last pressed, while it keeps focus: its ← → stay the steps'. */
let pressed = null;

/** Whether `event` is ← or → on a select or slider that takes them (see the header). */
function ownArrows(event) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const control = event.target?.closest?.('select, input[type="range"]');
  return Boolean(control) && control !== pressed;
}

/**
 * The action a step key asks of `player` / `tours`: a function returning true when it changed
 * something (false: it would do nothing, e.g. → at the last step), or null when the key is not
 * the map's here (another listener or the browser has it).
 */
function actionFor(event, { player, tours }) {
  const { key } = event;
  if (ownArrows(event)) return null;
  if (isEmbed()) return embedAction(event, { player, tours });
  if (tours.isOpen) {
    if (FORWARD.has(key)) return () => tours.forward();
    if (BACK.has(key)) return () => tours.back();
    if (key === 'Escape' && !isEmbed()) return () => (tours.close(), true); // an embed's Escape is the deck's
    if (PLAYER[key]) return () => PLAYER[key](player);
    // ↑ ↓ would scroll the page under the card; on a select or a slider they are its own
    if (SCROLLING.has(key) && !event.target?.closest?.('select, input')) return () => false;
    return null;
  }
  if (player.count === 0) return null;
  if (FORWARD.has(key)) return () => player.forward();
  if (BACK.has(key)) return () => player.back();
  if (PLAYER[key]) return () => PLAYER[key](player);
  return null;
}

/**
 * In an embed: the clicker's keys (→ ← PageDown PageUp) move only what the snippet chose
 * (`?keys=tour|steps|none`; without it the tour in a tour, the steps where there are at most
 * 20, else nothing — a Simulate run's hundred cycles would hold the deck), every other use of
 * them is the deck's; a frame that is not shown (display: none, no size, scrolled away) uses no
 * key at all.
 */
function embedAction(event, { player, tours }) {
  const { key } = event;
  if (!shown) return null;
  const target = clickerTarget() ?? defaultClickerTarget({ touring: tours.isOpen, steps: player.count });
  const moving = FORWARD.has(key) ? 1 : BACK.has(key) ? -1 : 0;
  if (moving) {
    if (target === 'tour' && tours.isOpen) return () => (moving > 0 ? tours.forward() : tours.back());
    if (target === 'steps' && player.count > 0) return () => (moving > 0 ? player.forward() : player.back());
    return null; // the deck's
  }
  if (PLAYER[key] && player.count > 0) return () => PLAYER[key](player);
  if (tours.isOpen && SCROLLING.has(key) && !event.target?.closest?.('select, input')) return () => false;
  return null;
}

/** Whether this page, as an embed, is on screen: a hidden slide's frame takes no key. */
let shown = true;

function watchShown() {
  let intersecting = true;
  const update = () => {
    shown = intersecting && innerWidth > 0 && innerHeight > 0;
    document.documentElement.dataset.onScreen = String(shown); // (what the deck test waits for)
  };
  addEventListener('resize', update);
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver((entries) => {
      intersecting = entries.at(-1).isIntersecting;
      update();
    }).observe(document.documentElement);
  }
}

/** Keys the map leaves alone wherever they are pressed: typing, a dialog, a menu, a modifier held. */
function leftAlone(event) {
  if (event.defaultPrevented || isTyping(event.target)) return true;
  if (event.target?.closest?.('dialog, [role="dialog"], details.menu') || document.querySelector('dialog[open]')) return true;
  return event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
}

/** Post `event` to the host window (an embed in a deck); no-op in a page of its own. */
function post(event) {
  if (window.parent === window) return;
  const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
  window.parent.postMessage({ type: KEY_MESSAGE, key, code, shiftKey, altKey, ctrlKey, metaKey }, '*');
}

/** An unused key the embed hands on: not while typing or in a dialog, not Tab/Enter/a modifier alone, not Space/Enter on a control it activates. */
function postable(event) {
  if (event.defaultPrevented || NEVER_POSTED.has(event.key) || isTyping(event.target) || ownArrows(event)) return false;
  if (event.target?.closest?.('dialog, [role="dialog"], details.menu')) return false;
  return !(event.key === ' ' && event.target?.closest?.('button, a[href], summary, select, input'));
}

/**
 * Wire the map: `player` (www/player.js: `count`, `forward()`, `back()`, `first()`, `last()`,
 * `toggleByKey()`) and `tours` (www/tours.js: `isOpen`, `forward()`, `back()`, `close()`).
 */
export function setupKeys({ player, tours }) {
  const embed = isEmbed();
  if (embed) watchShown();
  addEventListener('pointerdown', (event) => (pressed = event.target instanceof Element ? event.target.closest('select, input[type="range"]') : null), true);
  addEventListener('focusout', (event) => event.target === pressed && (pressed = null), true);
  // Capture on the window: the map's keys are taken before a focused select, slider or button
  // acts on them (PageDown on a select steps rather than choosing; → too when the select was
  // picked with the mouse; Space plays rather than clicking the focused button; Enter clicks).
  window.addEventListener(
    'keydown',
    (event) => {
      if (embed && !shown) {
        // a hidden slide's frame: nothing in it acts on a key, the deck gets them all
        event.preventDefault();
        event.stopPropagation();
        if (!NEVER_POSTED.has(event.key)) post(event);
        return;
      }
      if (leftAlone(event)) return;
      const action = actionFor(event, { player, tours });
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      const used = action();
      if (!used && embed) post(event);
    },
    true,
  );
  // After every other listener: what no one used (no default prevented) goes to the host.
  if (embed) {
    window.addEventListener('keydown', (event) => {
      if (postable(event)) post(event);
    });
  }
}
