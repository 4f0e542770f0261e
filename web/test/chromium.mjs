// chromium.mjs — the WebAssembly build in a real browser: Debian's chromium,
// headless, driven by puppeteer-core (web/test/package.json; nothing else is
// downloaded), over a loopback server of the repository's files.
//
//   1. For every example and conformance case with a script, the wasm
//      player in Chromium prints the same lines as the native `anima sample`
//      (compare.mjs) — one engine, two platforms.
//   2. examples/web/index.html shows every example as a live <anima-icon>
//      with an inline SVG and no error.
//   3. Clicking the bell rings it (its `rang` event arrives as a DOM
//      CustomEvent), and so does Enter on the focused bell (SPEC §10);
//      with prefers-reduced-motion the ring skips to its rest.
//
//   node web/test/chromium.mjs build-test-release/tools/anima/anima
//
// Prints `ok <name>` / `FAIL <name>: ...` and `N passed, N failed`.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import puppeteer from 'puppeteer-core';

import { compareRuns, documents, nativeSample } from './compare.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const anima = path.resolve(process.argv[2] ?? 'build-test-release/tools/anima/anima');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
function report(name, problem) {
  if (problem) {
    failed++;
    console.log(`FAIL ${name}: ${problem}`);
  } else {
    passed++;
    console.log(`ok ${name}`);
  }
}

// The repository's files, read-only, on 127.0.0.1 only.
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.wasm': 'application/wasm', '.animl': 'application/xml', '.ani': 'application/json' };
const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://127.0.0.1');
  const file = path.join(root, decodeURIComponent(url.pathname));
  if (request.method !== 'GET' || !file.startsWith(root + path.sep) || !existsSync(file)
      || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/examples/web/index.html`, { waitUntil: 'load' });

  // 1. Snapshot lines in Chromium against the native CLI.
  const inputs = documents(root).map(([name, document, script]) => ({
    name,
    text: readFileSync(document, 'utf8'),
    format: document.endsWith('.animl') ? 'animl' : 'ani',
    script: readFileSync(script, 'utf8'),
    native: nativeSample(anima, document, script),
  }));
  const runs = await page.evaluate(async (items) => {
    const { animaRuntime } = await import('/build-web/anima-icon.mjs');
    const runtime = await animaRuntime();
    return items.map(({ text, format, script }) => {
      try {
        const player = runtime.player(text, { format });
        const run = player.run(script);
        player.destroy();
        return run;
      } catch (error) {
        return { error: error.message };
      }
    });
  }, inputs.map(({ text, format, script }) => ({ text, format, script })));
  let mismatches = 0;
  inputs.forEach((input, i) => {
    const problem = runs[i].error ?? compareRuns(input.native, runs[i]);
    if (problem) {
      mismatches++;
      report(`chromium ${input.name}`, problem);
    }
  });
  report(`chromium snapshots of ${inputs.length} documents match the native anima sample`,
    mismatches ? `${mismatches} differ` : null);

  // 2. Every example drawn as a live icon.
  const icons = await page.waitForFunction(() => {
    const all = [...document.querySelectorAll('anima-icon')];
    const state = all.map((icon) => ({
      src: icon.getAttribute('src'),
      svg: Boolean(icon.shadowRoot.querySelector('svg path, svg circle, svg rect, svg g')),
      error: icon.parentElement.querySelector('.error')?.textContent ?? null,
    }));
    return all.length > 0 && state.every((s) => s.svg || s.error) ? state : null;
  }, { timeout: 20000 }).then((handle) => handle.jsonValue()).catch((error) => [{ error: error.message }]);
  for (const icon of icons) {
    report(`icon ${icon.src ?? '?'} draws an inline SVG`, icon.svg ? null : icon.error ?? 'no svg');
  }

  // 3. The bell rings on a click and on Enter.
  const ringWith = async (how) => {
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('anima-icon[src$="bell.animl"]')
      ?.shadowRoot.querySelector('svg'), { timeout: 20000 });
    await page.evaluate(() => {
      window.bellEvents = [];
      document.querySelector('anima-icon[src$="bell.animl"]')
        .addEventListener('anima-event', (event) => window.bellEvents.push(event.detail.name));
    });
    const bell = await page.$('anima-icon[src$="bell.animl"]');
    if (how === 'click') {
      await bell.click(); // the middle of the icon: grid (10, 10), the bell's body
    } else {
      await bell.focus();
      await page.keyboard.press('Enter');
    }
    return page.waitForFunction(() => window.bellEvents.includes('rang'), { timeout: 5000 })
      .then(() => null, async () => `no rang event (events: ${JSON.stringify(await page.evaluate(() => window.bellEvents))})`);
  };
  // The bell's state 0.4 s after the ring (ringing lasts 1.3 s; with
  // reduced motion the ring skips to its rest, SPEC §10: the native
  // `anima sample --reduced-motion` shows bell "rested", swing.rotate 0).
  const bellState = () => page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const line = document.querySelector('anima-icon[src$="bell.animl"]').player
      .run('snapshot swing.rotate').lines[0];
    return JSON.parse(line).states.bell;
  });
  report('a click on the bell rings it (anima-event rang)', await ringWith('click'));
  const ringing = await bellState();
  report('the bell is ringing 0.4 s after the click', ringing === 'ringing' ? null : `bell ${ringing}`);
  report('Enter on the focused bell rings it (anima-event rang)', await ringWith('key'));
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  report('with prefers-reduced-motion a click still rings the bell', await ringWith('click'));
  const reduced = await bellState();
  report('with prefers-reduced-motion the ring skips to its rest (bell "rested")',
    reduced === 'rested' ? null : `bell ${reduced}`);
  report('no uncaught error in the page', pageErrors.length ? pageErrors.join('; ') : null);
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
