// What a run is called on the page (issue 53): its lab's label of the Scenario that produced it
// (`LabView.runLabel`), with a network or a matrix carried in its spec (`graph:…`, `matrix:…`,
// up to 900 KiB) named by the file this page opened it from, else by its first characters, as
// the core's figure captions do. Whatever the page shows of a run is labelled with this: the
// results, the note over a view the controls no longer match, Share's title, Compare's sides.

/** The name of the file each carried spec came from (specs opened in this page only). */
const files = new Map();

/** A spec carried whole (a file's network or matrix, packed): its kind and its payload. */
const CARRIED = /^(graph|matrix):([A-Za-z0-9_-]{13,})$/;

/** `spec` (a `graph:` or `matrix:` spec made of a file) came from the file `name`. */
export function nameFile(spec, name) {
  if (CARRIED.test(spec)) files.set(spec, name);
}

/** The file a carried spec came from in this page, or null (any other value, or a spec from a link). */
export function fileOf(value) {
  return typeof value === 'string' ? files.get(value) ?? null : null;
}

/** A Scenario value as a person reads it: a carried spec by its file, else by its first characters. */
function readableValue(value) {
  if (Array.isArray(value)) return value.map(readableValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readableValue(v)]));
  const carried = typeof value === 'string' ? CARRIED.exec(value) : null;
  if (!carried) return value;
  const file = files.get(value);
  return file ? `file ${file}` : `${carried[1]}:${carried[2].slice(0, 8)}… (from a file)`;
}

/** `scenario` with every carried spec in it made readable (for labels and titles, never for a run). */
export function readable(scenario) {
  return readableValue(scenario);
}

/** A result with its own carried specs (`topology`, `pattern`: as the run was asked) made readable; its other values as they are. */
export function readableResult(result) {
  if (!result || typeof result !== 'object') return result;
  return Object.fromEntries(Object.entries(result).map(([key, value]) => [key, typeof value === 'string' ? readableValue(value) : value]));
}

/** The label of the run of `scenario` in `lab` (a LabView): e.g. "lrt:64:4:2 · loren · 0 → 63". */
export function runLabel(lab, scenario) {
  return lab.runLabel(readable(scenario));
}
