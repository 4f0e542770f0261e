// playground.mjs — `anima playground` in headless Chromium (SPEC §11.4,
// docs/PLAYGROUND.md): the page flow a user goes through.
//
//   1. open: the page loads the file and the stage shows it, valid;
//   2. an edit with an error: its diagnostic reads line:column, the stage
//      keeps the last valid document, marked stale;
//   3. a fix: the stage shows the new document, not stale;
//   4. scrub: the stage shows the timeline at the slider's time over the
//      rest pose, the live player is paused (its clock does not move), no
//      event arrives; Esc resumes the live player where it was;
//   5. save (Ctrl+S) writes the file;
//   6. a change on disk while the editor has unsaved edits: Save is refused
//      and the file keeps the other writer's text; Reload reads it;
//   7. a change on disk with no unsaved edits reloads the editor by itself.
//
//   node web/test/playground.mjs build-test-release/tools/anima/anima
//
// Needs build-web/ (scripts/build-web.sh). Prints `ok <name>` / `FAIL
// <name>: ...`, the page-load times, and `N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const anima = path.resolve(process.argv[2] ?? 'build-test-release/tools/anima/anima');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
function report(name, problem) {
  if (problem) {
    failed++;
    console.log(`FAIL playground ${name}: ${problem}`);
  } else {
    passed++;
    console.log(`ok playground ${name}`);
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'anima-playground-page-'));
const file = path.join(work, 'bell.animl');
const bell = readFileSync(path.join(root, 'examples/bell.animl'), 'utf8');
writeFileSync(file, bell);

const server = spawn(anima, ['playground', file, '--port', '0'], {
  env: { ...process.env, ANIMA_WEB_DIR: path.join(root, 'build-web') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const address = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (chunk) => {
    text += chunk;
    const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
    if (found) resolve(found[0]);
  });
  server.on('exit', (status) => reject(new Error(`anima playground exited with ${status}`)));
});

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});

/** Waits until `predicate` (run in the page) is true; false after `ms`. */
async function until(page, predicate, ms = 10000, ...args) {
  try {
    await page.waitForFunction(predicate, { timeout: ms, polling: 20 }, ...args);
    return true;
  } catch {
    return false;
  }
}

/** Replaces the editor's text as typing would (an input event). */
async function typeText(page, text) {
  await page.evaluate((value) => {
    const editor = document.getElementById('editor');
    editor.value = value;
    editor.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const statusIs = (text) => document.getElementById('status').textContent === text;

try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // 1. Open.
  await page.goto(address, { waitUntil: 'load' });
  const opened = await until(page, () => document.getElementById('status').textContent === 'valid'
    && document.getElementById('icon').shadowRoot.querySelector('svg'));
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    return {
      document: navigation.responseEnd - navigation.requestStart,
      load: navigation.loadEventEnd - navigation.startTime,
      stage: performance.now(),
    };
  });
  console.log(`playground page load: document ${timing.document.toFixed(1)} ms, load event `
    + `${timing.load.toFixed(1)} ms, stage drawn by ${timing.stage.toFixed(1)} ms`);
  report('open', opened && await page.$eval('#editor', (editor, text) => editor.value === text
    && !document.getElementById('stage').classList.contains('stale'), bell)
    ? null : 'the page did not show the valid document');

  // 2. An edit with an error. duration="-1" on line 48
  // (`  <timeline name="ring" duration=...`): the diagnostic points at the
  // attribute, column 2 + len('<timeline ') + len('name="ring" ') + 1 = 25.
  const svgBefore = await page.evaluate(() =>
    document.getElementById('icon').shadowRoot.querySelector('svg').outerHTML);
  await typeText(page, bell.replace('duration="1.4"', 'duration="-1"'));
  const broken = await until(page, () => document.getElementById('status').textContent === '1 error');
  const diagnostic = await page.$eval('#diagnostics li', (item) => item.textContent).catch(() => '');
  const stale = await page.evaluate(() => document.getElementById('stage').classList.contains('stale')
    && document.getElementById('icon').shadowRoot.querySelector('svg') !== null);
  report('error with line:column, stale', broken && diagnostic.startsWith('48:25 error bad-value') && stale
    ? null : `status ${broken}, diagnostic "${diagnostic}", stale ${stale}`);
  const svgStale = await page.evaluate(() =>
    document.getElementById('icon').shadowRoot.querySelector('svg').outerHTML);
  report('stale keeps the last valid document', svgStale === svgBefore ? null : 'the stage changed');

  // 3. A fix (with a new accent colour, so the stage visibly takes it).
  const fixed = bell.replace('value="#d97757"', 'value="#2060c0"');
  await typeText(page, fixed);
  const valid = await until(page, () => document.getElementById('status').textContent === 'valid'
    && !document.getElementById('stage').classList.contains('stale'));
  await until(page, () => document.getElementById('icon').shadowRoot.innerHTML.includes('2060c0'), 3000);
  const accent = await page.evaluate(() =>
    document.getElementById('icon').shadowRoot.innerHTML.toLowerCase().includes('2060c0'));
  report('fix', valid && accent ? null : `valid ${valid}, new accent drawn ${accent}`);

  // 4. Scrub. First ring the bell live (a click), so the live player has a
  // clock to keep; then scrub "ring" at 0.3 s.
  await page.evaluate(() => {
    window.eventsSeen = [];
    document.getElementById('icon').addEventListener('anima-event', (event) =>
      window.eventsSeen.push(event.detail.name));
  });
  const box = await (await page.$('#icon')).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await until(page, () => window.eventsSeen.includes('rang'), 3000);
  const liveBefore = await page.evaluate(async () => {
    const select = document.getElementById('timeline');
    select.value = 'ring';
    select.dispatchEvent(new Event('change'));
    const slider = document.getElementById('scrub');
    slider.value = '0.3';
    slider.dispatchEvent(new Event('input'));
    window.eventsSeen = [];
    return document.getElementById('icon').player.time;
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  const scrubbed = await page.evaluate(() => {
    const icon = document.getElementById('icon');
    const line = icon.scrubber?.run('snapshot swing.rotate wave-left.trimEnd tilt.rotate dot.scale').lines[0];
    return {
      values: line ? JSON.parse(line).values : null,
      scrubbing: document.getElementById('stage').classList.contains('scrubbing'),
      inputsDisabled: document.getElementById('inputs').disabled,
      liveTime: icon.player.time,
      events: window.eventsSeen.length,
    };
  });
  // ring at t 0.3: swing.rotate between keys (0.15, 14) and (0.45, -10)
  // with cubic(0.4, 0, 0.6, 1), which is symmetric about (0.5, 0.5): u 0.5
  // -> w 0.5 -> 14 + (-24)(0.5) = 2. wave-left.trimEnd: the key (0.3, 1).
  // tilt.rotate: not in "ring": the rest value 0. dot.scale: held 0.
  const values = scrubbed.values ?? {};
  report('scrub samples the timeline over the rest pose',
    Math.abs(values['swing.rotate'] - 2) < 1e-6 && values['wave-left.stroke.trimEnd'] === 1
      && values['tilt.rotate'] === 0 && values['dot.scale'] === 0
      ? null : `values ${JSON.stringify(scrubbed.values)}`);
  report('scrub pauses live playback and inputs, emits no events',
    scrubbed.scrubbing && scrubbed.inputsDisabled && scrubbed.liveTime === liveBefore
      && scrubbed.events === 0 ? null : JSON.stringify({ ...scrubbed, liveBefore }));
  await page.keyboard.press('Escape');
  const resumed = await until(page, (before) => {
    const icon = document.getElementById('icon');
    return !icon.scrubbing && icon.player.time > before
      && !document.getElementById('stage').classList.contains('scrubbing');
  }, 3000, liveBefore);
  report('Esc resumes the live player', resumed ? null : 'it did not resume');

  // 5. Save.
  await page.focus('#editor');
  await page.keyboard.down('Control');
  await page.keyboard.press('s');
  await page.keyboard.up('Control');
  const saved = await until(page, () => !document.getElementById('status').classList.contains('dirty'));
  report('save', saved && readFileSync(file, 'utf8') === fixed ? null : 'the file was not written');

  // 6. A change on disk under unsaved edits: Save is refused.
  await typeText(page, fixed.replace('title="Bell"', 'title="Bell (mine)"'));
  const theirs = fixed.replace('title="Bell"', 'title="Bell (theirs)"');
  writeFileSync(file, theirs);
  const told = await until(page, () => !document.getElementById('reload').hidden);
  await page.click('#save');
  const refused = await until(page, () => document.getElementById('notice').textContent.includes('refused'));
  report('stale save refused', told && refused && readFileSync(file, 'utf8') === theirs
    ? null : `told ${told}, refused ${refused}, file kept ${readFileSync(file, 'utf8') === theirs}`);
  await page.click('#reload');
  const reloaded = await until(page, (text) => document.getElementById('editor').value === text, 5000, theirs);
  report('reload reads the disk', reloaded ? null : 'the editor did not take the file');

  // 7. A change on disk with no unsaved edits reloads the editor.
  const again = theirs.replace('Bell (theirs)', 'Bell (again)');
  writeFileSync(file, again);
  const followed = await until(page, (text) => document.getElementById('editor').value === text, 5000, again);
  report('a change on disk reloads the page', followed ? null : 'the editor kept the old text');

  report('no page errors', pageErrors.length ? pageErrors.join('; ') : null);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
