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
//   4. <anima-icon> looks like the native cairo PNG (`anima render`): for
//      every example at 96 px (and the bell mid-ring), the element's
//      screenshot matches the PNG at probe points (see PROBE below).
//   5. render="canvas" matches the inline SVG at the same probe points, and
//      a click on a canvas bell rings it.
//   6. A document SVG cannot draw (an angular gradient) is an anima-error
//      event with unsupported-render, in both modes, and nothing is drawn.
//
//   node web/test/chromium.mjs build-test-release/tools/anima/anima
//
// Prints `ok <name>` / `FAIL <name>: ...` and `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import puppeteer from 'puppeteer-core';

import { compareRuns, documents, nativeSample } from './compare.mjs';
import { root, serveRepository } from './serve.mjs';

const anima = path.resolve(process.argv[2] ?? 'build-test-release/tools/anima/anima');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
// The pictures (section 4-6 below: PROBE).
const SIZE = 96;
const TOLERANCE = 4;

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
const server = await serveRepository();
const base = server.base;

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

  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
  await pictures(browser);
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

// --- 4-6: pictures ----------------------------------------------------------
//
// PROBE: a probe point is every 2nd pixel of a 96-pixel picture (2 304
// points; every 4th left the rating example's thin stars 12 inside) where the native PNG is flat — the 3×3 pixels around it differ by
// at most 2 in every channel — so edges, where two rasterizers' antialiasing
// legitimately differ, are not compared; a gradient's slow change is. At
// each probe the two pictures must agree within TOLERANCE (of 255) in every
// channel, colours premultiplied by alpha. A picture needs at least 20
// probes inside the icon (alpha ≥ 32) and 20 outside, so it cannot pass
// empty. (SIZE and TOLERANCE are declared at the top: the run above uses them.)

/** The RGBA bytes of PNGs (base64), decoded by the browser. */
async function decodePngs(page, pngs) {
  return page.evaluate(async (list) => Promise.all(list.map(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d', { colorSpace: 'srgb' });
    context.drawImage(image, 0, 0);
    return { width: image.width, data: [...context.getImageData(0, 0, image.width, image.height).data] };
  })), pngs);
}

/** Probe points of a picture (PROBE above). */
function probePoints(picture) {
  const { width, data } = picture;
  const at = (x, y, c) => data[(y * width + x) * 4 + c];
  const points = [];
  for (let y = 2; y < width - 1; y += 2) {
    for (let x = 2; x < width - 1; x += 2) {
      let flat = true;
      for (let dy = -1; dy <= 1 && flat; dy++) {
        for (let dx = -1; dx <= 1 && flat; dx++) {
          for (let c = 0; c < 4; c++) {
            if (Math.abs(at(x + dx, y + dy, c) - at(x, y, c)) > 2) flat = false;
          }
        }
      }
      if (flat) points.push([x, y]);
    }
  }
  return points;
}

/** The first probe where `actual` differs from `expected`, or null; and
 * how many probes fell inside the icon (alpha ≥ 32) and outside. Colours
 * are compared premultiplied by their alpha (what is seen over any
 * background), so the colour of a nearly transparent pixel, which each
 * PNG writer and reader rounds its own way, weighs what it shows. */
function compareAtProbes(expected, actual, points) {
  const pixel = (picture, x, y) => {
    const i = (y * picture.width + x) * 4;
    const [r, g, b, a] = picture.data.slice(i, i + 4);
    return [r * a / 255, g * a / 255, b * a / 255, a];
  };
  let inside = 0;
  let outside = 0;
  let worst = 0;
  for (const [x, y] of points) {
    const a = pixel(expected, x, y);
    const b = pixel(actual, x, y);
    for (let c = 0; c < 4; c++) {
      const difference = Math.abs(a[c] - b[c]);
      worst = Math.max(worst, Math.round(difference * 10) / 10);
      if (difference > TOLERANCE) {
        const show = (p) => p.map((v) => Math.round(v)).join(', ');
        return { problem: `at (${x}, ${y}) expected premultiplied rgba(${show(a)}), got rgba(${show(b)})`, worst };
      }
    }
    if (a[3] >= 32) inside++;
    else outside++;
  }
  if (inside < 20 || outside < 20) {
    return { problem: `too few probes: ${inside} inside, ${outside} outside`, worst };
  }
  return { problem: null, inside, outside, worst };
}

/** Renders the native PNG: `anima render <file> --size 96 [...] -o`. */
function nativePng(work, name, file, extra) {
  const out = path.join(work, `${name}.png`);
  const environment = { ...process.env };
  environment.ANIMA_MODULE_PATH ??= path.resolve(path.dirname(anima), '../../modules');
  const run = spawnSync(anima, ['render', file, '--size', String(SIZE), ...extra, '-o', out],
    { env: environment, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`anima render ${name}: ${run.stderr.trim()}`);
  return readFileSync(out).toString('base64');
}

async function pictures(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 800, height: 400, deviceScaleFactor: 1 });
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/web/test/blank.html`, { waitUntil: 'load' });
  await page.addStyleTag({ content: 'body{margin:0;background:transparent} anima-icon{margin:8px}' });
  const work = mkdtempSync(path.join(os.tmpdir(), 'anima-web-pictures-'));
  try {
    // The pictures: every example at time 0 (`--at 0`: one step of 0), and
    // the bell 0.3 s into a ring (`--set ring=fire` steps 0, then --at 0.3).
    const cases = readdirSync(path.join(root, 'examples')).filter((file) => file.endsWith('.animl'))
      .sort().map((file) => ({ name: file.slice(0, -'.animl'.length), src: `/examples/${file}`,
        extra: ['--at', '0'], steps: [0] }));
    cases.push({ name: 'bell-ringing', src: '/examples/bell.animl', extra: ['--set', 'ring=fire', '--at', '0.3'],
      fire: 'ring', steps: [0, 0.3] });
    for (const picture of cases) {
      const native = nativePng(work, picture.name, path.join(root, picture.src), picture.extra);
      // The element, in both modes, frozen at the native pose: its own
      // stepping stopped, the same steps taken, then drawn.
      const shown = await page.evaluate(async ({ src, fire, steps, size }) => {
        await import('/build-web/anima-icon.mjs');
        document.body.replaceChildren();
        const icons = ['svg', 'canvas'].map((mode) => {
          const icon = document.createElement('anima-icon');
          icon.setAttribute('size', String(size));
          icon.setAttribute('render', mode);
          icon.setAttribute('src', src);
          return icon;
        });
        // Frozen as it loads (anima-load comes before its first wake()).
        const loads = icons.map((icon) => new Promise((resolve, reject) => {
          icon.addEventListener('anima-load', () => {
            icon.wake = () => {};
            resolve();
          }, { once: true });
          icon.addEventListener('anima-error', (event) => reject(new Error(event.detail.message)), { once: true });
        }));
        document.body.append(...icons);
        await Promise.all(loads);
        for (const icon of icons) {
          if (fire) icon.player.input('fire', fire);
          for (const dt of steps) icon.player.step(dt);
          icon.draw();
        }
        await icons[1].canvasDrawn;
        const canvas = icons[1].shadowRoot.querySelector('canvas');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        return { canvas: { width: canvas.width, data: [...data] } };
      }, { src: picture.src, fire: picture.fire, steps: picture.steps, size: SIZE });
      const icon = await page.$('anima-icon[render="svg"]');
      const box = await icon.boundingBox();
      const screenshot = await page.screenshot({ clip: { x: box.x, y: box.y, width: SIZE, height: SIZE },
        omitBackground: true, encoding: 'base64' });
      const [expected, svg] = await decodePngs(page, [native, screenshot]);
      const points = probePoints(expected);
      const inline = compareAtProbes(expected, svg, points);
      report(`<anima-icon> ${picture.name} matches the native PNG at ${points.length} probes`
        + ` (${inline.inside ?? 0} inside, worst difference ${inline.worst})`, inline.problem);
      const canvas = compareAtProbes(svg, shown.canvas, points);
      report(`<anima-icon render="canvas"> ${picture.name} matches the inline SVG at the probes`
        + ` (worst difference ${canvas.worst})`, canvas.problem);
    }

    // A click on a canvas bell rings it (pointer through the canvas's fit).
    const rang = await page.evaluate(async () => {
      document.body.replaceChildren();
      const icon = document.createElement('anima-icon');
      icon.setAttribute('size', '96');
      icon.setAttribute('render', 'canvas');
      icon.setAttribute('src', '/examples/bell.animl');
      const loaded = new Promise((resolve) => icon.addEventListener('anima-load', resolve, { once: true }));
      document.body.append(icon);
      await loaded;
      window.canvasEvents = [];
      icon.addEventListener('anima-event', (event) => window.canvasEvents.push(event.detail.name));
      return true;
    });
    const canvasBell = await page.$('anima-icon');
    await canvasBell.click();
    const ringing = await page.waitForFunction(() => window.canvasEvents.includes('rang'), { timeout: 5000 })
      .then(() => null, () => 'no rang event');
    report('a click on a render="canvas" bell rings it', rang ? ringing : 'no bell');

    // unsupported-render, in both modes: an angular gradient (SVG has
    // none; DECISIONS "Angular gradients in SVG"), at the paint's /type.
    const angular = JSON.stringify({ anima: '0.1', name: 'cone', grid: 24, viewBox: [0, 0, 24, 24],
      requires: ['paint'], nodes: [{ id: 'r', type: 'rect', x0: 0, y0: 0, w: 24, h: 24,
        fill: { type: 'angular', x1: 12, y1: 12, x2: 24, y2: 12,
          stops: [{ position: 0, color: '#ff0000' }, { position: 1, color: '#0000ff' }] } }] });
    const refusals = await page.evaluate(async (text) => {
      document.body.replaceChildren();
      return Promise.all(['svg', 'canvas'].map(async (mode) => {
        const icon = document.createElement('anima-icon');
        icon.setAttribute('render', mode);
        document.body.append(icon);
        const errors = [];
        icon.addEventListener('anima-error', (event) => errors.push(event.detail));
        const loaded = await icon.loadSource(text, 'ani');
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        await icon.canvasDrawn;
        return { mode, loaded, errors: errors.map((error) => error.diagnostics.map((d) => `${d.pointer} ${d.code}`)),
          drawn: icon.shadowRoot.querySelector('svg, canvas') !== null };
      }));
    }, angular);
    for (const refusal of refusals) {
      const codes = refusal.errors.flat();
      report(`an angular gradient is unsupported-render as an anima-error (render="${refusal.mode}")`,
        refusal.errors.length === 1 && codes.includes('/nodes/0/fill/type unsupported-render') && !refusal.drawn
          ? null : JSON.stringify(refusal));
    }
    report('no uncaught error in the pictures page', pageErrors.length ? pageErrors.join('; ') : null);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await page.close();
  }
}
