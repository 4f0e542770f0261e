// compare.mjs — shared by the web tests: the documents with scripts, the
// native `anima sample` run, and the comparison of snapshot lines (numbers
// within the conformance tolerance 1e-6, SPEC §11.2; everything else
// identical, member order included).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const TOLERANCE = 1e-6;

/** The first difference between two parsed JSON values, or null. */
export function difference(expected, actual, pointer = '') {
  if (typeof expected === 'number' && typeof actual === 'number') {
    return Math.abs(expected - actual) <= TOLERANCE ? null
      : `${pointer || '/'}: native ${expected}, wasm ${actual}`;
  }
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) {
      return `${pointer || '/'}: native ${JSON.stringify(expected)}, wasm ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const found = difference(expected[i], actual[i], `${pointer}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const expectedKeys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    if (expectedKeys.join('\u0000') !== actualKeys.join('\u0000')) {
      return `${pointer || '/'}: native members ${JSON.stringify(expectedKeys)}, wasm ${JSON.stringify(actualKeys)}`;
    }
    for (const key of expectedKeys) {
      const found = difference(expected[key], actual[key], `${pointer}/${key}`);
      if (found) return found;
    }
    return null;
  }
  return expected === actual ? null
    : `${pointer || '/'}: native ${JSON.stringify(expected)}, wasm ${JSON.stringify(actual)}`;
}

/** The documents to compare, [name, document path, script path]: every
 * example with a script (its AniML source) and every conformance case
 * with one (its case.ani). */
export function documents(root) {
  // Modules the web build leaves out (scripts/build-web.sh): their
  // documents are skipped.
  const excludedFile = path.join(root, 'build-web/excluded-modules.txt');
  const excluded = existsSync(excludedFile)
    ? readFileSync(excludedFile, 'utf8').split('\n').filter(Boolean) : [];
  const requiresExcluded = (file) => {
    const text = readFileSync(file, 'utf8');
    const requires = file.endsWith('.animl')
      ? (text.match(/requires="([^"]*)"/)?.[1] ?? '').split(/[\s,]+/)
      : (JSON.parse(text).requires ?? []);
    return requires.some((feature) => excluded.includes(feature));
  };
  const all = [];
  const found = { push: (item) => { if (!requiresExcluded(item[1])) all.push(item); } };
  for (const file of readdirSync(path.join(root, 'examples')).sort()) {
    if (!file.endsWith('.animl')) continue;
    const name = file.slice(0, -'.animl'.length);
    const script = path.join(root, 'examples', `${name}.script.txt`);
    if (existsSync(script)) {
      found.push([`example-${name}.animl`, path.join(root, 'examples', file), script]);
    }
  }
  const cases = path.join(root, 'conformance/cases');
  for (const name of readdirSync(cases).sort()) {
    const script = path.join(cases, name, 'script.txt');
    const document = path.join(cases, name, 'case.ani');
    if (existsSync(script) && existsSync(document)) found.push([name, document, script]);
  }
  return all;
}

/**
 * Runs the native `anima sample <document> <script>` (modules from
 * <its build>/modules unless ANIMA_MODULE_PATH is set): {status, stderr,
 * lines, codes}, codes being each diagnostic's "<pointer> <code>".
 */
export function nativeSample(anima, document, script) {
  const environment = { ...process.env };
  environment.ANIMA_MODULE_PATH ??= path.resolve(path.dirname(anima), '../../modules');
  const run = spawnSync(anima, ['sample', document, script], { env: environment, encoding: 'utf8' });
  return {
    status: run.status,
    stderr: run.stderr,
    lines: run.stdout.split('\n').filter((line) => line !== ''),
    codes: [...run.stderr.matchAll(/: (\/\S*): (?:error|warning)\[([a-z-]+)\]/g)]
      .map((m) => `${m[1]} ${m[2]}`),
  };
}

/** Compares one document's wasm run ({status, lines, diagnostics}) with
 * the native one: the first problem as a sentence, or null. */
export function compareRuns(native, wasm) {
  if (wasm.status !== native.status) {
    return `exit status: native ${native.status}, wasm ${wasm.status} (${native.stderr.trim()})`;
  }
  if (wasm.lines.length !== native.lines.length) {
    return `lines: native ${native.lines.length}, wasm ${wasm.lines.length}`;
  }
  if (native.lines.length === 0) return 'the native run printed no snapshot line';
  for (let i = 0; i < native.lines.length; i++) {
    const found = difference(JSON.parse(native.lines[i]), JSON.parse(wasm.lines[i]));
    if (found) return `line ${i + 1} ${found}`;
  }
  const wasmCodes = wasm.diagnostics.map((d) => `${d.pointer} ${d.code}`);
  if (native.codes.join('\n') !== wasmCodes.join('\n')) {
    return `diagnostics: native ${JSON.stringify(native.codes)}, wasm ${JSON.stringify(wasmCodes)}`;
  }
  return null;
}
