// The Slots lab's results panel (paper 000 §3): N and the other figures of a run, the busiest
// channels (click = select), the per-layer table for fat-trees, and the clicked channel's communications.
import { byId, setText, el, show, integer, percent, plural } from '../dom.js';

export class Metrics {
  /** `onSelectChannel(id)` when a busiest channel is chosen; `onClear()` for "Clear selection". */
  constructor({ onSelectChannel, onClear }) {
    this.onSelectChannel = onSelectChannel;
    byId('channel-clear').addEventListener('click', () => onClear());
  }

  /** Show a run's result. @param {import('../types/core').SlotsResult} r */
  showResult(r) {
    setText('metric-max-slots', integer(r.max_slots));
    setText('metric-avg-hops', Number.isFinite(r.avg_hops) ? r.avg_hops.toFixed(2) : '—');
    setText('metric-switches', integer(r.switches));
    setText('metric-links', integer(r.links));
    setText('metric-endpoints', integer(r.endpoints));
    setText('metric-communications', integer(r.communications));
    setText('metric-circuits', integer(r.circuits));
    setText('metric-routing', r.routing);
    setText('metric-slot-utilization', percent(r.slot_utilization));
    setText('metric-used-slots', r.used_slots === null || r.used_slots === undefined ? '—' : `${r.used_slots} / ${r.total_slots}`);

    const layers = r.layers ?? [];
    show(byId('layers'), layers.length > 0);
    byId('layers-body').replaceChildren(
      ...layers.map((l) =>
        el('tr', {}, el('th', { scope: 'row', text: l.layer === 0 ? '0 (roots)' : String(l.layer) }), el('td', { text: `${l.used_slots} / ${l.total_slots}` }), el('td', { text: percent(l.efficiency) })),
      ),
    );

    const listed = r.busiest_channels ?? [];
    const count = r.busiest_channel_count ?? listed.length;
    byId('busiest-summary').textContent =
      r.max_slots > 0
        ? `${plural(count, 'channel')} carr${count === 1 ? 'ies' : 'y'} N = ${r.max_slots}${count > listed.length ? ` (first ${listed.length} listed)` : ''}. Click one to select it.`
        : 'No channel carries a communication.';
    byId('busiest').replaceChildren(
      ...listed.map((c) =>
        el(
          'li',
          {},
          el('button', {
            type: 'button',
            class: 'linklike',
            'data-channel': String(c.channel),
            title: `Select channel l(${c.from},${c.to}), load ${c.load}`,
            text: `l(${c.from},${c.to}) · ${c.load}`,
            onclick: () => this.onSelectChannel(c.channel),
          }),
        ),
      ),
    );
  }

  /** Mark the selected channel in the busiest list. */
  markSelected(channel) {
    for (const button of byId('busiest').querySelectorAll('button[data-channel]')) {
      button.setAttribute('aria-pressed', String(Number(button.dataset.channel) === channel));
    }
  }

  /** Show the detail of the selected channel (or the hint when `detail` is null). */
  showChannel(detail) {
    const summary = byId('channel-summary');
    const list = byId('channel-circuits');
    const more = byId('channel-more');
    show(byId('channel-clear'), Boolean(detail));
    if (!detail) {
      summary.className = 'help';
      summary.textContent = 'Click a channel in the figure (or a busiest channel above) to list the communications crossing it.';
      list.replaceChildren();
      show(more, false);
      return;
    }
    summary.className = 'channel-summary';
    summary.replaceChildren(
      el('strong', { id: 'channel-name', text: `l(${detail.from},${detail.to}): ${detail.used}/${detail.max_slots}` }),
      el('span', { class: 'help', text: ` slots used / N · channel #${detail.channel}` }),
      el('br'),
      'Load ',
      el('span', { id: 'channel-load', text: String(detail.load) }),
      `: ${detail.load === 1 ? 'this communication crosses' : `these ${detail.load} communications cross`} it`,
    );
    list.replaceChildren(
      ...detail.circuits.map((c) => el('li', { 'data-circuit': String(c.circuit), text: `c(${c.src},${c.dst}) · ${plural(c.switches, 'switch', 'switches')} · ${plural(c.slots, 'slot')}` })),
    );
    const hidden = detail.load - detail.circuits.length;
    show(more, hidden > 0);
    more.textContent = hidden > 0 ? `… and ${hidden} more (the first ${detail.circuits.length} are listed).` : '';
  }

  /** Placeholders while nothing has run. */
  showLoading() {
    for (const id of ['metric-max-slots', 'metric-avg-hops', 'metric-switches', 'metric-links', 'metric-endpoints', 'metric-communications', 'metric-circuits', 'metric-routing', 'metric-slot-utilization', 'metric-used-slots']) {
      byId(id).textContent = '…';
    }
  }
}
