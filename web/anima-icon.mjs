// anima-icon.mjs — <anima-icon>, a custom element over the WebAssembly
// player (plain JS, no framework). Load it as a module next to anima.js and
// anima.wasm (build-web/):
//
//   <script type="module" src="anima-icon.mjs"></script>
//   <anima-icon src="bell.animl" size="48" color-accent="#e0457b" input-hover="false"></anima-icon>
//
// Attributes: src (.ani or .animl), size (CSS pixels, default 48),
// input-<name> (a bool "true"/"false" or a number; changing it sets the
// input), color-<slot> (a hex colour; color-current for currentColor).
// render="canvas" draws each frame onto a 2D canvas instead of inline SVG
// (the same SVG text rasterized by the browser into the canvas: a bitmap
// for pages that want one; inline SVG, the default, is faster).
// It draws the player's draw frame as inline SVG, steps on
// requestAnimationFrame and sleeps while the player is settled; pointer
// events go to the player's pointer model (hit testing is the kernel's),
// Enter/Space to the root a11y keys of a button or switch (SPEC §10), and
// prefers-reduced-motion to reduced motion. loadSource(text) loads a
// document from text instead of `src`; scrub(timeline, time) and live() are
// the timeline scrubbing of the playground (SPEC §11.4). Events: `anima-event` (detail
// {name, layer, time}: the document's events), `anima-load`, and
// `anima-error` (detail {message, diagnostics}: a document that does not
// load, or unsupported-render for what SVG cannot draw, in either mode —
// never a silent gap).
import { createRuntime } from './anima.mjs';

const base = new URL('.', import.meta.url);
let runtimePromise = null;

/** The shared runtime: anima.js loaded once per page. */
export function animaRuntime() {
  if (!runtimePromise) {
    runtimePromise = new Promise((resolve, reject) => {
      if (globalThis.createAnima) {
        resolve(globalThis.createAnima);
        return;
      }
      const script = document.createElement('script');
      script.src = new URL('anima.js', base).href;
      script.onload = () => resolve(globalThis.createAnima);
      script.onerror = () => reject(new Error(`cannot load ${script.src}`));
      document.head.appendChild(script);
    }).then((factory) => createRuntime(factory, {
      locateFile: (file) => new URL(file, base).href,
    }));
  }
  return runtimePromise;
}

let instances = 0;
const reducedMotionQuery = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');

export class AnimaIcon extends HTMLElement {
  static get observedAttributes() {
    return ['src', 'size', 'render'];
  }

  constructor() {
    super();
    this.idPrefix = `anima${++instances}-`;
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = '<style>:host{display:inline-block;line-height:0}'
      + ':host(:focus-visible){outline:2px solid Highlight;outline-offset:2px}'
      + 'svg{display:block}</style><div part="stage"></div>';
    this.stage = this.root.querySelector('div');
    this.player = null;
    this.scrubber = null; /* the scrubbing view's own player (scrub()) */
    this.frameRequest = 0;
    this.lastTime = 0;
    this.loading = 0;
    this.skeleton = null; /* the shown SVG's elements and text (drawSvg) */
    this.elements = [];
    this.canvasTicket = 0;
    this.canvasDrawn = Promise.resolve();
    this.onFrame = (time) => this.frame(time);
    this.onMotion = () => this.applyMotion();
    this.attributeObserver = new MutationObserver((records) => {
      for (const record of records) this.applyAttribute(record.attributeName);
    });
  }

  connectedCallback() {
    this.attributeObserver.observe(this, { attributes: true });
    reducedMotionQuery?.addEventListener?.('change', this.onMotion);
    this.addEventListener('pointermove', this.pointer);
    this.addEventListener('pointerdown', this.pointer);
    this.addEventListener('pointerup', this.pointer);
    this.addEventListener('pointerleave', this.pointer);
    this.addEventListener('keydown', this.key);
    this.addEventListener('keyup', this.key);
    if (!this.player && this.getAttribute('src')) this.load();
  }

  disconnectedCallback() {
    this.attributeObserver.disconnect();
    reducedMotionQuery?.removeEventListener?.('change', this.onMotion);
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.scrubber?.destroy();
    this.scrubber = null;
    this.player?.destroy();
    this.player = null;
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'src' && old !== value && this.isConnected) this.load();
    if (name === 'size' || name === 'render') this.draw();
  }

  /** 'svg' (inline SVG, the default) or 'canvas'. */
  get renderMode() {
    return this.getAttribute('render') === 'canvas' ? 'canvas' : 'svg';
  }

  get size() {
    const size = Number(this.getAttribute('size'));
    return Number.isFinite(size) && size > 0 ? Math.round(size) : 48;
  }

  /** Sets an input: a bool, a number, or 'fire' / 'toggle'. */
  setInput(name, value) {
    if (!this.player || this.scrubber) return false;
    const done = value === 'fire' || value === 'toggle'
      ? this.player.input(value, name) : this.player.input('set', name, value);
    this.wake();
    return done;
  }

  fail(message, diagnostics = []) {
    this.dispatchEvent(new CustomEvent('anima-error', { detail: { message, diagnostics } }));
  }

  async load() {
    const ticket = ++this.loading;
    const src = this.getAttribute('src');
    let text;
    let anima;
    try {
      [anima, text] = await Promise.all([animaRuntime(), fetch(src).then((response) => {
        if (!response.ok) throw new Error(`${src}: HTTP ${response.status}`);
        return response.text();
      })]);
    } catch (error) {
      this.fail(error.message);
      return;
    }
    if (ticket !== this.loading || !this.isConnected) return;
    this.open(anima, text, src.endsWith('.animl') ? 'animl' : src.endsWith('.ani') ? 'ani' : 'auto');
  }

  /**
   * Loads a document from its text (format 'ani', 'animl' or 'auto') in
   * place of `src`. Resolves to true when it loaded; else the player shown
   * so far is kept and an `anima-error` event says why.
   */
  async loadSource(text, format = 'auto') {
    const ticket = ++this.loading;
    let anima;
    try {
      anima = await animaRuntime();
    } catch (error) {
      this.fail(error.message);
      return false;
    }
    if (ticket !== this.loading) return false;
    return this.open(anima, text, format);
  }

  open(anima, text, format) {
    let player;
    try {
      player = anima.player(text, { format, reducedMotion: reducedMotionQuery?.matches ?? false });
    } catch (error) {
      this.fail(error.message, error.diagnostics);
      return false;
    }
    this.live();
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.player?.destroy();
    this.player = player;
    this.runtime = anima;
    this.source = { text, format };
    this.applyA11y();
    for (const attribute of this.getAttributeNames()) this.applyAttribute(attribute);
    if (!this.player.info.drawable) {
      // What SVG cannot draw (unsupported-render), said once, with pointers.
      try {
        this.player.svg();
      } catch (error) {
        this.fail(error.message, error.diagnostics);
      }
    }
    this.dispatchEvent(new CustomEvent('anima-load', { detail: this.player.info }));
    this.draw();
    this.wake();
    return true;
  }

  /**
   * Timeline scrubbing (SPEC §11.4): pauses live playback and input, and
   * shows timeline `name` at `time` seconds (clamped to [0, duration]) over
   * the rest pose, on a player of its own: no state advances and no event
   * is dispatched. live() returns to the live player as it was left.
   */
  scrub(name, time) {
    if (!this.player) return false;
    if (!this.scrubber) {
      cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
      this.scrubber = this.runtime.player(this.source.text, { format: this.source.format });
      for (const attribute of this.getAttributeNames()) {
        if (attribute.startsWith('color-')) this.applyAttribute(attribute, this.scrubber);
      }
    }
    const shown = this.scrubber.showTimeline(name, time);
    if (shown) this.draw();
    return shown;
  }

  /** Leaves scrubbing: the live player resumes where it was paused. */
  live() {
    if (!this.scrubber) return;
    this.scrubber.destroy();
    this.scrubber = null;
    this.draw();
    this.wake();
  }

  get scrubbing() {
    return this.scrubber !== null;
  }

  applyA11y() {
    const { role, label } = this.player.info.a11y;
    if (role === 'button' || role === 'switch') {
      this.setAttribute('role', role);
      if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    } else if (label) {
      this.setAttribute('role', 'img');
    } else {
      this.setAttribute('aria-hidden', 'true');
    }
    if (label) this.setAttribute('aria-label', label);
    this.applyPressed();
  }

  applyPressed() {
    const { role, pressed } = this.player.info.a11y;
    if (!pressed) return;
    const line = this.player.run(`snapshot ${JSON.stringify(pressed)}`).lines[0];
    const value = line ? JSON.parse(line).values?.[pressed] : undefined;
    if (typeof value === 'boolean') {
      this.setAttribute(role === 'switch' ? 'aria-checked' : 'aria-pressed', String(value));
    }
  }

  applyMotion() {
    if (this.player) {
      this.player.reducedMotion = reducedMotionQuery?.matches ?? false;
      this.wake();
    }
  }

  applyAttribute(name, player = this.player) {
    if (!player || !name) return;
    const value = this.getAttribute(name);
    if (name.startsWith('input-') && value !== null) {
      const input = name.slice('input-'.length);
      const parsed = value === 'true' ? true : value === 'false' ? false : Number(value);
      if ((typeof parsed === 'boolean' || Number.isFinite(parsed)) && !this.scrubber) {
        player.input('set', input, parsed);
        this.wake();
      }
    } else if (name.startsWith('color-') && value !== null) {
      const slot = name.slice('color-'.length);
      player.setColor(slot === 'current' ? 'currentColor' : slot, value);
      if (player === this.player) this.scrubber?.setColor(slot === 'current' ? 'currentColor' : slot, value);
      this.draw();
    }
  }

  wake() {
    if (!this.frameRequest && this.player && !this.scrubber && this.isConnected) {
      this.lastTime = 0;
      this.frameRequest = requestAnimationFrame(this.onFrame);
    }
  }

  frame(time) {
    this.frameRequest = 0;
    if (!this.player || this.scrubber) return;
    // The first frame after sleeping steps 0: time spent asleep is not played.
    const dt = this.lastTime ? Math.min((time - this.lastTime) / 1000, 0.25) : 0;
    this.lastTime = time;
    const events = this.player.step(dt);
    for (const event of events) {
      this.dispatchEvent(new CustomEvent('anima-event', { detail: event }));
    }
    this.draw();
    if (events.length) this.applyPressed();
    if (!this.player.settled) {
      this.frameRequest = requestAnimationFrame(this.onFrame);
    }
  }

  draw() {
    const player = this.scrubber ?? this.player;
    if (!player || !player.info.drawable) return;
    const size = this.size;
    try {
      if (this.renderMode === 'canvas') {
        this.drawCanvas(player, size);
      } else {
        this.drawSvg(player.svg({ width: size, height: size, idPrefix: this.idPrefix }));
      }
    } catch (error) {
      // Said once: a frame that cannot be drawn is not tried again.
      if (error.diagnostics?.some((d) => d.code === 'unsupported-render')) player.info.drawable = false;
      this.fail(error.message, error.diagnostics);
    }
  }

  /**
   * Puts SVG text on the stage. When the new frame has the elements and
   * text of the shown one (an animation moves, recolours, trims: the
   * attributes change), only the attributes that differ are set; else the
   * stage is replaced. Parsing and replacing the whole SVG every frame is
   * most of a frame's cost (bench/README.md "WebAssembly speed").
   */
  drawSvg(text) {
    const parsed = parseSvg(text);
    const svg = this.stage.firstElementChild;
    if (!svg || svg.localName !== 'svg' || parsed.skeleton !== this.skeleton) {
      this.stage.innerHTML = text;
      this.skeleton = parsed.skeleton;
      this.elements = [...this.stage.querySelectorAll('*')];
      return;
    }
    const elements = this.elements;
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i];
      const attributes = parsed.attributes[i];
      for (const [name, value] of attributes) {
        if (element.getAttribute(name) !== value) element.setAttribute(name, value);
      }
      if (element.attributes.length !== attributes.size) {
        for (const name of element.getAttributeNames()) {
          if (!attributes.has(name)) element.removeAttribute(name);
        }
      }
    }
  }

  /** The frame rasterized into a canvas of size × devicePixelRatio pixels. */
  drawCanvas(player, size) {
    const pixels = Math.round(size * (globalThis.devicePixelRatio || 1));
    const text = player.svg({ width: pixels, height: pixels, idPrefix: this.idPrefix });
    let canvas = this.stage.firstElementChild;
    if (!canvas || canvas.localName !== 'canvas') {
      canvas = document.createElement('canvas');
      this.stage.replaceChildren(canvas);
      this.skeleton = null;
    }
    if (canvas.width !== pixels) {
      canvas.width = pixels;
      canvas.height = pixels;
      canvas.style.width = `${size}px`;
      canvas.style.height = `${size}px`;
    }
    const image = new Image(pixels, pixels);
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
    const ticket = ++this.canvasTicket;
    /** Resolves once this frame (or a later one) is on the canvas. */
    this.canvasDrawn = image.decode().then(() => {
      if (ticket !== this.canvasTicket || this.stage.firstElementChild !== canvas) return;
      const context = canvas.getContext('2d');
      context.clearRect(0, 0, pixels, pixels);
      context.drawImage(image, 0, 0, pixels, pixels);
    }, () => {
      if (ticket === this.canvasTicket) this.fail('render="canvas": the browser could not rasterize the frame');
    });
  }

  /** Client coordinates to grid units, through the drawn SVG's matrix or,
   * on a canvas, the viewBox fitted (contain, centred) into it. */
  gridPoint(event) {
    const shown = this.stage.firstElementChild;
    if (!shown) return null;
    if (shown.localName === 'svg') {
      const matrix = shown.getScreenCTM();
      return matrix ? new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()) : null;
    }
    const rect = shown.getBoundingClientRect();
    const [x, y, width, height] = this.player.info.viewBox;
    if (!(rect.width > 0 && rect.height > 0 && width > 0 && height > 0)) return null;
    const scale = Math.min(rect.width / width, rect.height / height);
    const left = rect.left + (rect.width - width * scale) / 2;
    const top = rect.top + (rect.height - height * scale) / 2;
    return { x: x + (event.clientX - left) / scale, y: y + (event.clientY - top) / scale };
  }

  pointer = (event) => {
    if (!this.player || this.scrubber) return;
    if (event.type === 'pointerleave') {
      this.player.pointer('leave');
    } else {
      const point = this.gridPoint(event);
      if (!point) return;
      this.player.pointer(event.type.slice('pointer'.length), point.x, point.y);
    }
    this.wake();
  };

  key = (event) => {
    if (!this.player || this.scrubber || (event.key !== 'Enter' && event.key !== ' ')) return;
    const { role } = this.player.info.a11y;
    if (role !== 'button' && role !== 'switch') return;
    event.preventDefault();
    const action = event.type === 'keyup' ? 'up' : event.repeat ? 'repeat' : 'down';
    this.player.key(action, event.key === 'Enter' ? 'Enter' : 'Space');
    this.wake();
  };
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text) => (text.includes('&') ? text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi,
  (whole, name) => (name[0] === '#'
    ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
    : ENTITIES[name] ?? whole)) : text);

/**
 * The SVG writer's text (well-formed XML: double-quoted attributes, no
 * comments or CDATA) as its skeleton — the element names and non-blank
 * text in document order, which must match for a patch — and each
 * element's attributes, a Map in document order.
 */
function parseSvg(text) {
  const skeleton = [];
  const attributes = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*\/?>|([^<]+)/g;
  const attribute = /([\w:.-]+)\s*=\s*"([^"]*)"/g;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    if (match[4] !== undefined) {
      if (match[4].trim()) skeleton.push(`"${match[4]}`);
    } else if (match[1]) {
      skeleton.push(`/${match[2]}`);
    } else {
      skeleton.push(match[2]);
      const found = new Map();
      for (let pair = attribute.exec(match[3]); pair; pair = attribute.exec(match[3])) {
        found.set(pair[1], decode(pair[2]));
        // A namespaced attribute new to its element cannot be set by name.
        if (pair[1].includes(':')) skeleton.push(`@${pair[1]}`);
      }
      attributes.push(found);
    }
  }
  return { skeleton: skeleton.join('\n'), attributes };
}

if (!customElements.get('anima-icon')) customElements.define('anima-icon', AnimaIcon);
