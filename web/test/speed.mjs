// speed.mjs — issue 16's speed bars measured in headless Chromium, in the
// page (bench/README.md "WebAssembly speed in Chromium"). It prints the
// numbers and does not judge them: speed is measured by benchmarks, not by
// timed tests (docs: the guide). CI runs it once, in the release job
// (scripts/build-web.sh test).
//
//   1. The bell's step(1/60) + draw (the draw frame built from the
//      player's values, SPEC §7; anima_draw_frame_build), and with the
//      frame written as SVG text (what <anima-icon> does each frame), kept
//      ringing (a fire every 90 steps: a ring lasts 84). The page's clock is
//      coarsened (0.1 ms), so single frames cannot be timed: the figure is
//      the median over BATCHES batches of the mean of a batch's frames (as
//      many as take about 1 ms, from the fastest of 9 runs of 256). Step
//      alone, draw alone and the element's whole frame (with the DOM
//      update, AnimaIcon.drawSvg) are timed the same way.
//   2. 100 ringing <anima-icon> bells on one page (size 48, fired again
//      every 1.45 s): per animation frame, the element's own work (every
//      icon's step, draw and DOM update: from the first icon's callback to
//      the end of the last) and the whole main-thread frame (from a
//      requestAnimationFrame callback that runs before the icons' to a
//      message posted from it, which runs after the frame's style, layout
//      and paint).
//
//   node web/test/speed.mjs [seconds of the 100-bell run, default 3]
//
// Prints lines "speed <what>: median, p95, best" and "1 passed, 0 failed"
// when it could measure (a measurement that cannot run fails), and the
// machine's load average (os.loadavg), which the figures depend on.
import os from 'node:os';

import puppeteer from 'puppeteer-core';

import { serveRepository } from './serve.mjs';

const seconds = Number(process.argv[2] ?? 3);
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const BATCHES = 201;

const server = await serveRepository();
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
let status = 0;
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1024, height: 768 });
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.base}/web/test/blank.html`, { waitUntil: 'load' });

  // 1. One bell, step + draw.
  const one = await page.evaluate(async (batches) => {
    const { animaRuntime } = await import('/build-web/anima-icon.mjs');
    const runtime = await animaRuntime();
    const text = await (await fetch('/examples/bell.animl')).text();
    const player = runtime.player(text, { format: 'animl' });
    // An element with no src: its drawSvg() puts frames on its stage as
    // it does its own (attributes patched while the elements stay).
    const icon = document.createElement('anima-icon');
    document.body.append(icon);
    let count = 0;
    const ring = () => {
      if (count++ % 90 === 0) player.input('fire', 'ring');
    };
    const svg = () => player.svg({ width: 48, height: 48, idPrefix: 'b-' });
    const kinds = {
      'step(1/60) + draw (the draw frame built)': () => {
        ring();
        player.step(1 / 60);
        player.buildFrame();
      },
      'step(1/60)': () => {
        ring();
        player.step(1 / 60);
      },
      'draw frame build alone': () => player.buildFrame(),
      'SVG text of the frame (build + SVG writer + string to JS)': svg,
      'step(1/60) + draw + SVG text': () => {
        ring();
        player.step(1 / 60);
        svg();
      },
      'step(1/60) + draw + DOM update (the element\'s frame)': () => {
        ring();
        player.step(1 / 60);
        icon.drawSvg(svg());
      },
    };
    const result = {};
    for (const [name, work] of Object.entries(kinds)) {
      // Batches of about 1 ms (ten ticks of the coarsened clock), short
      // enough that most run between two preemptions on a busy machine.
      // The cost of one frame estimated from the fastest of 9 runs of 256
      // (a preempted run is slower, never faster).
      let fastest = Infinity;
      for (let run = 0; run < 9; run++) {
        const start = performance.now();
        for (let i = 0; i < 256; i++) work();
        fastest = Math.min(fastest, (performance.now() - start) / 256);
      }
      const size = Math.max(16, Math.min(1 << 16, Math.ceil(1 / Math.max(fastest, 1e-5))));
      const means = [];
      for (let b = 0; b < batches; b++) {
        const start = performance.now();
        for (let i = 0; i < size; i++) work();
        means.push(((performance.now() - start) * 1000) / size);
      }
      means.sort((a, b) => a - b);
      result[name] = { median: means[Math.floor(batches / 2)],
        p95: means[Math.floor(batches * 0.95)], min: means[0], frames: size };
    }
    player.destroy();
    icon.remove();
    return result;
  }, BATCHES);
  for (const [name, { median, p95, min, frames }] of Object.entries(one)) {
    console.log(`speed bell ${name}: median ${median.toFixed(2)} µs, p95 ${p95.toFixed(2)} µs, `
      + `best batch ${min.toFixed(2)} µs (${BATCHES} batches of ${frames})`);
  }

  // 2. 100 ringing bells.
  const many = await page.evaluate(async (milliseconds) => {
    const { AnimaIcon } = await import('/build-web/anima-icon.mjs');
    const icons = [];
    const loaded = [];
    for (let i = 0; i < 100; i++) {
      const icon = document.createElement('anima-icon');
      icon.setAttribute('size', '48');
      loaded.push(new Promise((resolve, reject) => {
        icon.addEventListener('anima-load', resolve, { once: true });
        icon.addEventListener('anima-error', (event) => reject(new Error(event.detail.message)));
      }));
      icon.setAttribute('src', '/examples/bell.animl');
      document.body.append(icon);
      icons.push(icon);
    }
    await Promise.all(loaded);
    // The element's own work per frame: every icon's frame() callback,
    // keyed by the frame's timestamp.
    const spans = new Map();
    const frame = AnimaIcon.prototype.frame;
    AnimaIcon.prototype.frame = function timed(time) {
      const start = performance.now();
      frame.call(this, time);
      const end = performance.now();
      const span = spans.get(time);
      if (span) {
        span.end = end;
        span.icons++;
      } else {
        spans.set(time, { start, end, icons: 1 });
      }
    };
    // The whole main-thread frame: a callback registered before the icons'
    // (it re-registers first thing, so it stays first), and a message it
    // posts, which runs once the frame's rendering is done.
    const frames = [];
    let running = true;
    const channel = new MessageChannel();
    let frameStart = 0;
    channel.port1.onmessage = () => frames.push(performance.now() - frameStart);
    const harness = () => {
      if (!running) return;
      requestAnimationFrame(harness);
      frameStart = performance.now();
      channel.port2.postMessage(0);
    };
    await new Promise((resolve) => requestAnimationFrame(resolve));
    requestAnimationFrame(harness);
    const ringAll = () => icons.forEach((icon) => icon.setInput('ring', 'fire'));
    ringAll();
    const refire = setInterval(ringAll, 1450);
    await new Promise((resolve) => setTimeout(resolve, milliseconds));
    running = false;
    clearInterval(refire);
    AnimaIcon.prototype.frame = frame;
    const full = [...spans.values()].filter((span) => span.icons === 100);
    const work = full.map((span) => (span.end - span.start) * 1000).sort((a, b) => a - b);
    frames.sort((a, b) => a - b);
    const at = (list, q) => list[Math.min(list.length - 1, Math.floor(list.length * q))];
    const ringing = icons.filter((icon) =>
      JSON.parse(icon.player.run('snapshot').lines[0]).states.bell === 'ringing').length;
    icons.forEach((icon) => icon.remove());
    return {
      framesWithAll: work.length,
      frames: frames.length,
      work: { median: at(work, 0.5), p95: at(work, 0.95), min: work[0], max: work.at(-1) },
      whole: { median: at(frames, 0.5) * 1000, p95: at(frames, 0.95) * 1000, min: frames[0] * 1000,
        max: frames.at(-1) * 1000 },
      ringing,
    };
  }, seconds * 1000);
  const ms = (µs) => `${(µs / 1000).toFixed(2)} ms`;
  console.log(`speed 100 bells, the icons' steps, draws and DOM updates per frame: median `
    + `${ms(many.work.median)}, p95 ${ms(many.work.p95)}, min ${ms(many.work.min)}, max ${ms(many.work.max)} `
    + `(${many.framesWithAll} frames in ${seconds} s)`);
  console.log(`speed 100 bells, the whole main-thread frame (with style, layout, paint): median `
    + `${ms(many.whole.median)}, p95 ${ms(many.whole.p95)}, min ${ms(many.whole.min)}, max ${ms(many.whole.max)} `
    + `(${many.frames} frames)`);
  if (many.framesWithAll === 0 || pageErrors.length) {
    throw new Error(`no frame stepped all 100 bells ${pageErrors.join('; ')}`);
  }
  console.log(`speed: load average ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} `
    + `on ${os.cpus().length} cores`);
  console.log('1 passed, 0 failed');
} catch (error) {
  console.log(`FAIL speed: ${error.message}`);
  console.log('0 passed, 1 failed');
  status = 1;
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
