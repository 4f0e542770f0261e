// anima.mjs — JavaScript over the WebAssembly build (scripts/build-web.sh):
// the C API of web/anima_web.c with JS strings and objects. Used by the
// <anima-icon> element and by the node tests; no framework, no bundler.
//
//   import { createRuntime } from './anima.mjs';
//   const anima = await createRuntime(createAnima);   // the factory anima.js defines
//   const player = anima.player(text);                // .ani or .animl text
//   player.input('fire', 'ring');
//   player.step(1 / 60);
//   const svg = player.svg({ width: 48, height: 48 });
//   player.run('snapshot');                           // the line `anima sample` prints
//   player.destroy();

const FORMAT = { auto: 0, ani: 1, animl: 2 };
const POINTER = { move: 0, down: 1, up: 2, leave: 3 };
const KEY_ACTION = { down: 0, up: 1, repeat: 2 };
const KEY = { Enter: 0, Space: 1, ' ': 1 };

/** A document that failed to load: `diagnostics` as anima_web_diagnostics. */
export class AnimaError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = 'AnimaError';
    this.diagnostics = diagnostics;
  }
}

/**
 * Instantiates the wasm: `factory` is the createAnima function of
 * build-web/anima.js (a global in a page, require()'s result in node),
 * `options` its module options (e.g. locateFile). Resolves to an object
 * with player(text, options) and compile(text, format).
 */
export async function createRuntime(factory, options = {}) {
  const module = await factory(options);
  const call = (name, returns, args) => module.cwrap(name, returns, args);
  const api = {
    diagnostics: call('anima_web_diagnostics', 'number', []),
    compile: call('anima_web_compile', 'number', ['number', 'number']),
    create: call('anima_web_player_create', 'number', ['number', 'number', 'number']),
    destroy: call('anima_web_player_destroy', null, ['number']),
    info: call('anima_web_player_info', 'number', ['number']),
    input: call('anima_web_player_input', 'number', ['number', 'string', 'string', 'number']),
    pointer: call('anima_web_player_pointer', 'number', ['number', 'number', 'number', 'number']),
    key: call('anima_web_player_key', 'number', ['number', 'number', 'number']),
    reducedMotion: call('anima_web_player_set_reduced_motion', null, ['number', 'number']),
    step: call('anima_web_player_step', 'number', ['number', 'number']),
    settled: call('anima_web_player_settled', 'number', ['number']),
    showTimeline: call('anima_web_player_show_timeline', 'number', ['number', 'string', 'number']),
    time: call('anima_web_player_time', 'number', ['number']),
    events: call('anima_web_player_events', 'number', ['number']),
    setColor: call('anima_web_player_set_color', 'number', ['number', 'string', 'string']),
    build: call('anima_web_player_build', 'number', ['number']),
    svg: call('anima_web_player_svg', 'number', ['number', 'number', 'number', 'number', 'string']),
    run: call('anima_web_player_run', 'number', ['number', 'number']),
    output: call('anima_web_player_output', 'number', ['number']),
  };
  const text = (pointer) => (pointer ? module.UTF8ToString(pointer) : null);
  const diagnostics = () => JSON.parse(text(api.diagnostics()));
  // Large strings go through the heap, not the stack.
  const withString = (string, use) => {
    const size = module.lengthBytesUTF8(string) + 1;
    const pointer = module._malloc(size);
    module.stringToUTF8(string, pointer, size);
    try {
      return use(pointer);
    } finally {
      module._free(pointer);
    }
  };

  class Player {
    constructor(source, { format = 'auto', reducedMotion = false } = {}) {
      this.handle = withString(source, (pointer) =>
        api.create(pointer, FORMAT[format] ?? 0, reducedMotion ? 1 : 0));
      /** Warnings of the load (errors throw). */
      this.diagnostics = diagnostics();
      if (!this.handle) {
        const first = this.diagnostics.find((d) => d.severity === 'error');
        throw new AnimaError(first ? `${first.code}: ${first.message}` : 'the document did not load',
          this.diagnostics);
      }
      /** {viewBox, inputs, a11y, timelines, drawable} (anima_web_player_info). */
      this.info = JSON.parse(text(api.info(this.handle)));
    }
    destroy() {
      if (this.handle) api.destroy(this.handle);
      this.handle = 0;
    }
    /** command 'set' | 'fire' | 'toggle'; returns true when accepted. */
    input(command, name, value = 0) {
      return api.input(this.handle, command, name, typeof value === 'boolean' ? Number(value) : value) === 0;
    }
    /** kind 'move' | 'down' | 'up' | 'leave'; x, y in grid units. */
    pointer(kind, x = 0, y = 0) {
      return api.pointer(this.handle, POINTER[kind], x, y) === 0;
    }
    /** action 'down' | 'up' | 'repeat'; key 'Enter' | 'Space'. */
    key(action, key) {
      return api.key(this.handle, KEY_ACTION[action], KEY[key]) === 0;
    }
    set reducedMotion(on) {
      api.reducedMotion(this.handle, on ? 1 : 0);
    }
    /** Steps dt seconds; returns the step's events [{name, layer, time}]. */
    step(dt) {
      const count = api.step(this.handle, dt);
      if (count < 0) throw new RangeError(`step: bad dt ${dt}`);
      return count === 0 ? [] : JSON.parse(text(api.events(this.handle)));
    }
    /**
     * Timeline scrubbing (SPEC §11.4): shows timeline `name` at `time`
     * seconds (clamped to [0, duration]) over the rest values, without
     * stepping the machine or reporting events; the next step is live again.
     */
    showTimeline(name, time) {
      return api.showTimeline(this.handle, name, time) === 0;
    }
    get settled() {
      return api.settled(this.handle) !== 0;
    }
    get time() {
      return api.time(this.handle);
    }
    /** A colour slot (or 'currentColor') as #rgb / #rrggbb / #rrggbbaa. */
    setColor(slot, color) {
      return api.setColor(this.handle, slot, color) === 0;
    }
    /** Builds the draw frame from the current values (what svg() writes),
     * without writing it: true when built. For timing the draw alone. */
    buildFrame() {
      return api.build(this.handle) === 0;
    }
    /** The current frame as SVG text; throws AnimaError when it cannot be drawn. */
    svg({ width = 0, height = 0, live = false, idPrefix = '' } = {}) {
      const result = text(api.svg(this.handle, width, height, live ? 1 : 0, idPrefix));
      if (result === null) {
        const found = diagnostics();
        throw new AnimaError(found.length ? `${found[0].code}: ${found[0].message}` : 'cannot draw', found);
      }
      return result;
    }
    /**
     * Runs script lines (SPEC §11.2) as `anima sample` does: returns
     * {status (0, 1 or 2 as its exit status), lines (printed), diagnostics}.
     */
    run(script) {
      const status = withString(script, (pointer) => api.run(this.handle, pointer));
      const found = diagnostics();
      const output = text(api.output(this.handle));
      const lines = output ? output.split('\n').filter((line) => line !== '') : [];
      return { status, lines, diagnostics: found };
    }
  }

  return {
    module,
    player: (source, options) => new Player(source, options),
    /** The .ani JSON of a document, or null; diagnostics alongside. */
    compile(source, format = 'auto') {
      const json = withString(source, (pointer) => text(api.compile(pointer, FORMAT[format] ?? 0)));
      return { json, diagnostics: diagnostics() };
    },
  };
}
