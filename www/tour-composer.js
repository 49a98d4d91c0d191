// The lecturer's own tour (issue 64): "Make your own tour" (in the start screen the Tours button
// opens) opens a panel beside the page, where each
// view the lecturer sets up in any lab becomes a stop — the Scenario as shown (compare mode
// included) at the step shown — with a note in their words. The stops can be reordered, edited,
// replaced by the view shown and removed; the tour has a title. It plays in the same tour player
// as the built-in tours (www/tours.js), has one link (`#tour=t1.…`, packed and checked by the
// core: src/scenario/tour.rs) and one file (the same JSON), and is kept in this browser between
// visits (localStorage), so nothing typed is lost. Opening a file keeps the tour it replaces,
// one Restore away.
import { byId, el, show } from './dom.js';
import { download, fileName, textBlob } from './exporting.js';
import { copyText, linkTo } from './permalink.js';

/** localStorage keys: the tour being made, and the one a file replaced. */
const KEPT = 'topolab.myTour';
const REPLACED = 'topolab.myTour.replaced';
/** The core's limits (src/scenario/tour.rs), for the fields' maxlength: the core checks them. */
const MAX_TITLE = 120;
const MAX_NOTE = 600;

function empty() {
  return { version: 1, title: '', stops: [] };
}

function load(key) {
  try {
    const tour = JSON.parse(localStorage.getItem(key) ?? 'null');
    return tour && Array.isArray(tour.stops) ? tour : null;
  } catch {
    return null;
  }
}

function keep(key, tour) {
  try {
    if (tour) localStorage.setItem(key, JSON.stringify(tour));
    else localStorage.removeItem(key);
  } catch {
    // storage blocked: the tour lives as long as the tab
  }
}

/**
 * The composer. `host` (app.js `composerHost`): `currentStop()` → `{stop}` (the view shown as a
 * stop, without its note) or `{error}`; `describe(stop)` → a one-line label of a stop;
 * `codec(type, args)` → the core's answer; `play(tour, index)` plays a checked tour.
 */
class Composer {
  constructor(host) {
    this.host = host;
    this.tour = load(KEPT) ?? empty();
    this.build();
    this.render();
  }

  build() {
    this.title = el('input', { id: 'my-tour-title', type: 'text', maxlength: String(MAX_TITLE), spellcheck: 'true', placeholder: 'e.g. Routing on a floor grid' });
    this.title.addEventListener('input', () => {
      this.tour.title = this.title.value;
      this.save();
    });
    this.note = el('input', { id: 'my-tour-note', type: 'text', maxlength: String(MAX_NOTE), placeholder: 'One or two sentences for this stop' });
    this.note.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      this.add();
    });
    this.list = el('ol', { class: 'my-tour-stops', id: 'my-tour-stops' });
    this.status = el('p', { class: 'my-tour-status', id: 'my-tour-status', role: 'status' });
    this.file = el('input', { type: 'file', accept: '.json,application/json', hidden: true, id: 'my-tour-file-input' });
    this.file.addEventListener('change', () => this.openFile());
    this.restoreButton = el('button', { type: 'button', id: 'my-tour-restore', text: 'Restore the tour it replaced', hidden: true, onclick: () => this.restore() });
    const button = (id, text, onclick, title) => el('button', { type: 'button', id, text, onclick, ...(title ? { title } : {}) });
    this.panel = el(
      'section',
      { id: 'my-tour', class: 'my-tour', 'aria-labelledby': 'my-tour-heading', hidden: true },
      el('div', { class: 'my-tour-head' }, el('h2', { id: 'my-tour-heading', text: 'Your tour' }), button('my-tour-close', 'Close', () => this.toggle(false))),
      el('label', { for: 'my-tour-title', text: 'Title' }),
      this.title,
      el('label', { for: 'my-tour-note', text: 'Note for the view shown (Enter adds it as a stop)' }),
      el('div', { class: 'my-tour-add' }, this.note, button('my-tour-add', 'Add this view as a stop', () => this.add())),
      this.list,
      this.status,
      el(
        'div',
        { class: 'my-tour-actions' },
        button('my-tour-play', 'Play', () => this.play(0)),
        button('my-tour-link', 'Copy link', () => this.copyLink(), 'Copy one link to the whole tour'),
        button('my-tour-download', 'Download file', () => this.downloadFile(), 'Save the tour as a JSON file, to keep beside your slides'),
        button('my-tour-open-file', 'Open a tour file…', () => this.file.click()),
        this.file,
        this.restoreButton,
      ),
    );
    this.panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        this.toggle(false);
      }
    });
    document.body.append(this.panel);
  }

  /** Open the panel (the note field focused) or close it (the focus back to the Tours button, where it is opened). */
  toggle(open = this.panel.hidden) {
    show(this.panel, open);
    if (open) this.note.focus();
    else byId('tours').focus();
  }

  save() {
    keep(KEPT, this.tour);
  }

  say(text) {
    this.status.textContent = text;
  }

  /** The view shown becomes the last stop, with the note typed. */
  add() {
    const made = this.host.currentStop();
    if (made.error) return this.say(made.error);
    this.tour.stops.push({ ...made.stop, note: this.note.value.trim() });
    this.note.value = '';
    this.save();
    this.render();
    this.say(`Stop ${this.tour.stops.length} added: ${this.host.describe(made.stop)}.`);
    this.note.focus();
  }

  /** Stop `i` moved by `by` places (−1 up, +1 down), focus kept on the button pressed. */
  move(i, by, which) {
    const to = i + by;
    if (to < 0 || to >= this.tour.stops.length) return;
    const [stop] = this.tour.stops.splice(i, 1);
    this.tour.stops.splice(to, 0, stop);
    this.save();
    this.render();
    this.say(`Stop ${i + 1} is now stop ${to + 1}.`);
    this.list.children[to]?.querySelector(`.${which}`)?.focus();
  }

  remove(i) {
    const [gone] = this.tour.stops.splice(i, 1);
    this.save();
    this.render();
    this.say(`Stop ${i + 1} removed (${this.host.describe(gone)}).`);
    (this.list.children[Math.min(i, this.tour.stops.length - 1)]?.querySelector('input') ?? this.note).focus();
  }

  /** Stop `i` takes the view shown; its note stays. */
  replace(i) {
    const made = this.host.currentStop();
    if (made.error) return this.say(made.error);
    this.tour.stops[i] = { ...made.stop, note: this.tour.stops[i].note };
    this.save();
    this.render();
    this.say(`Stop ${i + 1} is now ${this.host.describe(made.stop)}.`);
  }

  render() {
    this.title.value = this.tour.title ?? '';
    const count = this.tour.stops.length;
    this.list.replaceChildren(
      ...this.tour.stops.map((stop, i) => {
        const id = `my-tour-note-${i + 1}`;
        const note = el('input', { id, type: 'text', class: 'my-tour-stop-note', maxlength: String(MAX_NOTE), value: stop.note ?? '' });
        note.addEventListener('input', () => {
          stop.note = note.value;
          this.save();
        });
        const small = (cls, text, label, onclick, disabled = false) => el('button', { type: 'button', class: cls, text, 'aria-label': label, title: label, onclick, disabled });
        return el(
          'li',
          { class: 'my-tour-stop' },
          el('label', { for: id, class: 'my-tour-label', text: `${i + 1}. ${this.host.describe(stop)}` }),
          note,
          el(
            'span',
            { class: 'my-tour-stop-buttons' },
            small('up', '↑', `Move stop ${i + 1} up`, () => this.move(i, -1, 'up'), i === 0),
            small('down', '↓', `Move stop ${i + 1} down`, () => this.move(i, 1, 'down'), i === count - 1),
            small('go', 'Show', `Show stop ${i + 1} (plays the tour from it)`, () => this.play(i)),
            small('use', 'Use this view', `Stop ${i + 1} takes the view shown (its note stays)`, () => this.replace(i)),
            small('remove', 'Remove', `Remove stop ${i + 1}`, () => this.remove(i)),
          ),
        );
      }),
    );
    for (const id of ['my-tour-play', 'my-tour-link', 'my-tour-download']) byId(id).disabled = count === 0;
    byId('my-tour-open').textContent = count ? `Your own tour (${count} ${count === 1 ? 'stop' : 'stops'})` : 'Make your own tour';
    show(this.restoreButton, Boolean(load(REPLACED)));
  }

  /** The tour as the core reads it (checked, sections filled in), or an error said here. */
  async checked() {
    try {
      return JSON.parse(await this.host.codec('checkTour', { json: JSON.stringify(this.tour) }));
    } catch (err) {
      this.say(`This tour cannot be used yet: ${err.message}`);
      return null;
    }
  }

  async play(index) {
    const tour = await this.checked();
    if (!tour) return;
    show(this.panel, false);
    await this.host.play(tour, index);
  }

  async copyLink() {
    let link;
    try {
      link = await this.host.codec('encodeTour', { json: JSON.stringify(this.tour) });
    } catch (err) {
      this.say(`No link: ${err.message}`);
      if (/as a file/.test(err.message)) byId('my-tour-download').focus();
      return;
    }
    const url = linkTo(`tour=${link}&stop=1`);
    this.lastLink = url;
    const copied = await copyText(url);
    this.say(copied ? `Link to the whole tour copied (${url.length} characters).` : `Copy this link: ${url}`);
  }

  async downloadFile() {
    const tour = await this.checked();
    if (!tour) return;
    download(fileName(['topolab-tour', tour.title || 'untitled'], 'json'), textBlob(`${JSON.stringify(tour, null, 2)}\n`, 'application/json'));
    this.say('Tour file downloaded: "Open a tour file…" opens it again.');
  }

  async openFile() {
    const file = this.file.files?.[0];
    this.file.value = '';
    if (!file) return;
    let tour;
    try {
      if (file.size > 256 * 1024) throw new Error(`${file.name} is ${Math.ceil(file.size / 1024)} KiB, more than the 256 KiB a tour may be`);
      tour = JSON.parse(await this.host.codec('checkTour', { json: await file.text() }));
    } catch (err) {
      this.say(`${file.name} could not be opened: ${err.message}`);
      return;
    }
    if (this.tour.stops.length) keep(REPLACED, this.tour);
    this.tour = tour;
    this.save();
    this.render();
    this.say(`Opened ${file.name}: ${tour.stops.length} stops${this.restoreButton.hidden ? '' : ' (the tour it replaced is kept: Restore)'}.`);
    await this.play(0);
  }

  restore() {
    const replaced = load(REPLACED);
    if (!replaced) return;
    keep(REPLACED, this.tour.stops.length ? this.tour : null);
    this.tour = replaced;
    this.save();
    this.render();
    this.say(`Restored "${replaced.title || 'untitled'}" (${replaced.stops.length} stops).`);
  }

  /** A tour played from a link becomes the one being made (the one it replaces kept). */
  adopt(tour) {
    if (this.tour.stops.length) keep(REPLACED, this.tour);
    this.tour = structuredClone(tour);
    this.save();
    this.render();
    this.toggle(true);
    this.say(`Editing "${tour.title || 'untitled'}" (${tour.stops.length} stops)${this.restoreButton.hidden ? '' : '; the tour it replaced is kept: Restore'}.`);
  }
}

/** Set up the composer (`host`: app.js `composerHost`). */
export function setupComposer(host) {
  return new Composer(host);
}
