// The documentation in docs/ (Markdown, as GitHub shows it in the repository) as HTML pages
// beside the playground (issue 55): scripts/serve.mjs renders them on request, scripts/site.mjs
// writes them into the published site. docs/README.md is the docs' index.html; every other
// docs/…/X.md is docs/…/X.html; the repository's own README.md, ARCHITECTURE.md and
// CONTRIBUTING.md (issue 62) are docs/project/readme.html, architecture.html and
// contributing.html (PROJECT_PAGES). A page has its first heading as title, a small stylesheet
// for light and dark (the system's choice, or the playground's theme button's), a link back to
// the playground, relative links to those Markdown files rewritten to their pages (anchors
// kept) and headings with the ids GitHub gives them, so `../cli.md#topolab-slots` lands where
// it does on GitHub.
import { Marked, Renderer } from 'marked';
import { posix } from 'node:path';

/**
 * The repository's own Markdown files shown among the docs: their path from the repository's
 * root → their page, relative to docs/ (a folder of its own, so no docs file can take the name).
 */
export const PROJECT_PAGES = {
  'README.md': 'project/readme.html',
  'ARCHITECTURE.md': 'project/architecture.html',
  'CONTRIBUTING.md': 'project/contributing.html',
};

/**
 * The page's name for docs file `md` (relative to docs/, '/'-separated): README.md →
 * index.html, X.md → X.html; one of the repository's PROJECT_PAGES, named from docs/
 * ('../README.md'), → its page in project/.
 */
export function htmlName(md) {
  const project = md.startsWith('../') ? PROJECT_PAGES[md.slice(3)] : undefined;
  if (project) return project;
  return md.replace(/(^|\/)README\.md$/i, '$1index.html').replace(/\.md$/i, '.html');
}

/**
 * The docs file (relative to docs/) that page `html` (relative to docs/; '' or ending in '/'
 * for a folder) is rendered from, or null when it names no Markdown page; a page of
 * PROJECT_PAGES names its file from docs/ ('../README.md').
 */
export function markdownName(html) {
  const project = Object.entries(PROJECT_PAGES).find(([, page]) => page === html);
  if (project) return `../${project[0]}`;
  if (html === '' || html.endsWith('/')) return `${html}README.md`;
  if (/(^|\/)index\.html$/i.test(html)) return html.replace(/index\.html$/i, 'README.md');
  if (/\.html$/i.test(html)) return html.replace(/\.html$/i, '.md');
  return null;
}

/**
 * GitHub's id for a heading whose text is `text` (github-slugger): lower case, every character
 * but letters, marks, digits, '_', '-' and spaces dropped, spaces as '-'; `seen` counts the
 * slugs so far so a repeated heading gets -1, -2, … as on GitHub.
 */
export function slug(text, seen = new Map()) {
  const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
  let id = base;
  while (seen.has(id)) {
    seen.set(base, seen.get(base) + 1);
    id = `${base}-${seen.get(base)}`;
  }
  seen.set(id, 0);
  return id;
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const decodeHtml = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e) => {
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });

/**
 * `href` of a link in docs file `from` (relative to docs/; '../README.md' for a PROJECT_PAGES
 * file) as the rendered page needs it: a relative link to a Markdown file in docs/ or to one of
 * PROJECT_PAGES names its page (.html, README.md → index.html), keeping ?query and #anchor; a
 * relative link to another repository file outside docs/ goes through `outside(path from the
 * repository's root, rest)` when given; absolute URLs, pure anchors and other files stay as
 * written (from a PROJECT_PAGES file, which is not where its page is, they are written again
 * from the page's place: `docs/img/x.png` → `../img/x.png`, `src/lib.rs` → `../../src/lib.rs`).
 */
export function rewriteHref(href, from, outside = null) {
  if (!href || /^([a-z][a-z0-9+.-]*:|\/\/|\/|#|\?)/i.test(href)) return href;
  const at = href.search(/[?#]/);
  const target = at < 0 ? href : href.slice(0, at);
  const rest = at < 0 ? '' : href.slice(at);
  // both from the repository's root
  const source = posix.join('docs', from);
  let resolved = posix.normalize(posix.join(posix.dirname(source), decodeURI(target)));
  if (resolved === '.' || resolved === '..' || resolved.startsWith('../')) return href; // not a file of the repository
  if (target.endsWith('/') && !resolved.endsWith('/')) resolved += '/';
  const page = htmlName(from);
  const moved = from.startsWith('../'); // a PROJECT_PAGES file: its page is in docs/project/
  // a path from the repository's root as a link from the page (docs/ + page)
  const relativeTo = (path) => {
    const link = posix.relative(posix.dirname(posix.join('docs', page)), path) || '.';
    return path.endsWith('/') && !link.endsWith('/') ? `${link}/` : link;
  };
  if (PROJECT_PAGES[resolved]) return relativeTo(posix.join('docs', PROJECT_PAGES[resolved])) + rest;
  if (resolved === 'docs/' || resolved.startsWith('docs/')) {
    if (/\.md$/i.test(target)) return relativeTo(posix.join('docs', htmlName(resolved.slice('docs/'.length)))) + rest;
    return moved ? relativeTo(resolved) + rest : href;
  }
  if (outside) return outside(resolved, rest);
  return moved ? relativeTo(resolved) + rest : href;
}

const STYLE = `
:root {
  color-scheme: light;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --link: #0550ae; --border: #d1d9e0;
  --code-bg: #f3f5f7; --head-bg: #f6f8fa; --focus: #0550ae;
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme='light']) {
    color-scheme: dark;
    --bg: #0d1117; --fg: #e6edf3; --muted: #9ea7b3; --link: #6cb6ff; --border: #3d444d;
    --code-bg: #161b22; --head-bg: #151b23; --focus: #6cb6ff;
  }
}
:root[data-theme='dark'] {
  color-scheme: dark;
  --bg: #0d1117; --fg: #e6edf3; --muted: #9ea7b3; --link: #6cb6ff; --border: #3d444d;
  --code-bg: #161b22; --head-bg: #151b23; --focus: #6cb6ff;
}
* { box-sizing: border-box; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  overflow-wrap: break-word;
}
.skip { position: absolute; left: -999px; top: 0; }
.skip:focus { left: 0.5rem; top: 0.5rem; background: var(--bg); padding: 0.3rem 0.6rem; z-index: 1; }
.docs-top {
  padding: 0.6rem max(1rem, calc((100% - 52rem) / 2)); border-bottom: 1px solid var(--border); background: var(--head-bg);
}
.docs-top nav { display: flex; flex-wrap: wrap; gap: 0.3rem 1.5rem; }
.docs-top a { font-weight: 600; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
a { color: var(--link); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 0.6em; }
h1 { font-size: 2rem; margin-top: 0.8em; }
h2 { font-size: 1.5rem; padding-bottom: 0.2em; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.2rem; }
:target { scroll-margin-top: 1rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace; font-size: 0.9em; }
:not(pre) > code { background: var(--code-bg); padding: 0.1em 0.35em; border-radius: 4px; }
pre {
  background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: 0.8rem 1rem;
  white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.45;
}
blockquote { margin: 1em 0; padding: 0 1em; border-left: 4px solid var(--border); color: var(--muted); }
.wide { overflow-x: auto; margin: 1em 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--border); padding: 0.35em 0.7em; text-align: left; vertical-align: top; }
th { background: var(--head-bg); }
img { max-width: 100%; height: auto; }
hr { border: 0; border-top: 1px solid var(--border); margin: 2em 0; }
`;

// the playground's theme button's choice (the same origin's storage), else the system's
const THEME = `try{const t=localStorage.getItem('topolab.theme');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch{}`;

/**
 * The complete HTML page for docs file `path` (relative to docs/, '/'-separated, e.g.
 * 'labs/slots.md'; '../README.md' for a PROJECT_PAGES file) whose text is `markdown`. `outside(path, rest)` gives the address of a
 * repository file a link leaves docs/ for (scripts/site.mjs: the file on GitHub).
 */
export function docsPage(markdown, { path = 'README.md', outside = null } = {}) {
  const seen = new Map();
  let title = null;
  const base = new Renderer();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const text = decodeHtml(this.parser.parseInline(tokens, this.parser.textRenderer));
        title ??= text.trim();
        return `<h${depth} id="${escapeHtml(slug(text, seen))}">${html}</h${depth}>\n`;
      },
      link(token) {
        return base.link.call(this, { ...token, href: rewriteHref(token.href, path, outside) });
      },
      image(token) {
        // an image is shown, not visited: never GitHub's page of it (a PROJECT_PAGES file's moves with its page)
        return base.image.call(this, { ...token, href: rewriteHref(token.href, path) });
      },
      table(token) {
        // a wide table scrolls on its own (and takes focus, so a keyboard can scroll it)
        return `<div class="wide" tabindex="0">${base.table.call(this, token)}</div>\n`;
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  const depth = htmlName(path).split('/').length - 1;
  const up = '../'.repeat(depth);
  const index = `${up}index.html`;
  const pageTitle = title ? `${title} — Topolab docs` : 'Topolab docs';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(pageTitle)}</title>
<link rel="icon" href="data:,">
<script>${THEME}</script>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the text</a>
<header class="docs-top">
<nav aria-label="Topolab">
<a href="${up}../">← Topolab playground</a>
${htmlName(path) === 'index.html' ? '' : `<a href="${index}">Documentation index</a>\n`}</nav>
</header>
<main id="content">
${body}</main>
</body>
</html>
`;
}
