// The figure area: shows the worker's SVG (or a message when there is none), fits it to the
// panel or zooms it, and reports clicks on channels (`data-ch`).
import { byId, el } from './dom.js';

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;

export class Figure {
  constructor({ onChannelClick }) {
    this.box = byId('figure');
    this.svgText = null;
    this.scale = null; // null: fit to the panel
    this.box.addEventListener('click', (event) => {
      const line = event.target.closest?.('[data-ch]');
      if (line && this.box.contains(line)) onChannelClick(Number(line.dataset.ch));
    });
    byId('zoom-in').addEventListener('click', () => this.zoomBy(1.5));
    byId('zoom-out').addEventListener('click', () => this.zoomBy(1 / 1.5));
    byId('zoom-fit').addEventListener('click', () => this.fit());
  }

  /** The SVG shown now (a string), or null when a message is shown instead. */
  get svg() {
    return this.svgText;
  }

  /** Replace the figure with `svg`, keeping the zoom and the scroll position. */
  showSvg(svg) {
    const { scrollLeft, scrollTop } = this.box;
    this.svgText = svg;
    this.box.innerHTML = svg;
    const element = this.#element();
    if (element) {
      this.#widenForLegend(element);
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', 'Topology: channels coloured by slots used out of N; click a channel for its communications');
    }
    this.#applyScale();
    this.box.scrollLeft = scrollLeft;
    this.box.scrollTop = scrollTop;
  }

  /** Show a message instead of a figure (`kind`: "info" or "too-large"). */
  showMessage(text, kind = 'info') {
    this.svgText = null;
    this.box.replaceChildren(el('p', { class: `figure-message ${kind}`, id: 'figure-message', text }));
  }

  fit() {
    this.scale = null;
    this.#applyScale();
  }

  zoomBy(factor) {
    const element = this.#element();
    if (!element) return;
    const natural = this.#naturalWidth(element);
    const naturalHeight = Number(element.getAttribute('height')) || natural;
    const box = element.getBoundingClientRect();
    // in fit mode the drawing is scaled to the smaller of the two ratios (preserveAspectRatio meet)
    const current = this.scale ?? Math.min(box.width / natural, box.height / naturalHeight);
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, current * factor));
    this.#applyScale();
  }

  /** The legend's caption may run past the drawing's width: widen the viewBox to hold it. */
  #widenForLegend(element) {
    const legend = element.querySelector('.legend');
    const viewBox = element.viewBox?.baseVal;
    if (!legend || !viewBox || !viewBox.width) return;
    let right;
    try {
      const shift = legend.transform.baseVal.consolidate()?.matrix.e ?? 0;
      const box = legend.getBBox();
      right = Math.ceil(shift + box.x + box.width + 12);
    } catch {
      return; // not rendered (hidden): leave it as it is
    }
    if (right <= viewBox.x + viewBox.width) return;
    const { width, height } = viewBox;
    element.setAttribute('viewBox', `${viewBox.x} ${viewBox.y} ${right} ${height}`);
    element.setAttribute('width', String(right));
    this.svgText = this.svgText.replace(`viewBox="0 0 ${Math.round(width)} ${Math.round(height)}" width="${Math.round(width)}"`, `viewBox="0 0 ${right} ${Math.round(height)}" width="${right}"`);
  }

  #element() {
    return this.box.querySelector(':scope > svg');
  }

  #naturalWidth(element) {
    return Number(element.getAttribute('width')) || element.viewBox.baseVal?.width || 800;
  }

  #applyScale() {
    const fit = this.scale === null;
    this.box.classList.toggle('fit', fit);
    byId('zoom-fit').setAttribute('aria-pressed', String(fit));
    const element = this.#element();
    if (!element) return;
    if (fit) {
      element.style.width = '';
      element.style.height = '';
    } else {
      element.style.width = `${Math.round(this.#naturalWidth(element) * this.scale)}px`;
      element.style.height = 'auto';
    }
  }
}
