// sample.mjs — one engine, two platforms: for every example with a script
// (examples/<name>.animl with <name>.script.txt) and every conformance case
// with a script (conformance/cases/<case>/case.ani with script.txt), the
// WebAssembly player (build-web/anima.wasm, scripts/build-web.sh) runs the
// script in node and must print the same lines as the native `anima
// sample` (compare.mjs: numbers within 1e-6, everything else identical),
// with the same exit status and diagnostics.
//
//   node web/test/sample.mjs build-test-release/tools/anima/anima [name ...]
//
// Prints `ok <name>` or `FAIL <name>: ...` per document and `N passed, N
// failed`; exits 1 on any failure.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createRuntime } from '../anima.mjs';
import { compareRuns, documents, nativeSample } from './compare.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [animaArgument, ...only] = process.argv.slice(2);
if (!animaArgument) {
  console.error('usage: node web/test/sample.mjs <path to native anima> [name ...]');
  process.exit(2);
}
const anima = path.resolve(animaArgument);

const require = createRequire(import.meta.url);
const createAnima = require(path.join(root, 'build-web/anima.js'));
// The wasm bytes in hand: this emscripten's loader would fetch() the path.
const runtime = await createRuntime(createAnima,
  { wasmBinary: readFileSync(path.join(root, 'build-web/anima.wasm')) });

let passed = 0;
let failed = 0;
for (const [name, document, script] of documents(root)) {
  if (only.length && !only.includes(name)) continue;
  const native = nativeSample(anima, document, script);
  let problem = null;
  let player = null;
  try {
    player = runtime.player(readFileSync(document, 'utf8'),
      { format: document.endsWith('.animl') ? 'animl' : 'ani' });
    problem = compareRuns(native, player.run(readFileSync(script, 'utf8')));
  } catch (error) {
    problem = `${error.message}${error.diagnostics ? ' ' + JSON.stringify(error.diagnostics) : ''}`;
  } finally {
    player?.destroy();
  }
  if (problem) {
    failed++;
    console.log(`FAIL ${name}: ${problem}`);
  } else {
    passed++;
    console.log(`ok ${name}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
