// Light/dark theme and large type (for projectors): classes on <html>, remembered in
// localStorage; `?theme=dark|light` and `?large=1|0` set them for an embed (its link carries
// the host's, permalink.js `embedUrl`).

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked (file://, privacy settings): just do not remember
  }
}

function save(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered; the toggle still works
  }
}

function applyTheme(dark) {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  const button = document.getElementById('theme');
  if (button) {
    // named for the theme it switches to, as its word says (a name must hold the visible text,
    // WCAG 2.5.3; so no aria-pressed, which would read "Light, pressed" in the dark theme)
    button.setAttribute('aria-label', dark ? 'Light theme' : 'Dark theme');
    // a word, and a glyph that stands in for it where the header is narrow (a projector's 1024 px)
    button.replaceChildren(Object.assign(document.createElement('span'), { className: 'glyph', textContent: dark ? '☀' : '☾' }), Object.assign(document.createElement('span'), { className: 'word', textContent: dark ? 'Light' : 'Dark' }));
    button.title = dark ? 'Switch to the light theme' : 'Switch to the dark theme';
  }
}

function applyLarge(large) {
  document.documentElement.classList.toggle('large', large);
  document.getElementById('large')?.setAttribute('aria-pressed', String(large));
}

export function setupTheme() {
  const params = new URLSearchParams(location.search);
  const asked = params.get('theme') ?? load('topolab.theme');
  const dark = asked ? asked === 'dark' : Boolean(globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
  applyTheme(dark);
  applyLarge((params.get('large') ?? load('topolab.large')) === '1');

  document.getElementById('theme')?.addEventListener('click', () => {
    const next = document.documentElement.dataset.theme !== 'dark';
    applyTheme(next);
    save('topolab.theme', next ? 'dark' : 'light');
  });
  document.getElementById('large')?.addEventListener('click', () => {
    const next = !document.documentElement.classList.contains('large');
    applyLarge(next);
    save('topolab.large', next ? '1' : '0');
  });
}
