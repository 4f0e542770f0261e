// playground.mjs — the page of `anima playground` (SPEC §11.4,
// docs/PLAYGROUND.md). The editor's text is compiled by the strict AniML
// compiler (markup/, in the WebAssembly build) on every pause in typing;
// its diagnostics carry line:column. A document with errors leaves the
// last valid one on the stage, marked stale. The stage is <anima-icon>:
// the same player, inputs, listeners and a11y keys as a hosted icon.
// Scrubbing shows one timeline at a time over the rest pose (the element's
// scrub()), pausing the live player; Live resumes it as it was. Save posts
// the editor to the server with the disk revision it is based on; the
// server refuses it (409) when the file changed on disk since, and tells
// the page (an EventSource) whenever the file changes.
import { animaRuntime } from '/anima-icon.mjs';

const $ = (id) => document.getElementById(id);
const editor = $('editor');
const icon = $('icon');
const stage = $('stage');
const statusLine = $('status');
const notice = $('notice');
const saveButton = $('save');
const reloadButton = $('reload');
const timelineSelect = $('timeline');
const scrubber = $('scrub');
const timeOutput = $('time');
const liveButton = $('live');
const inputsBox = $('inputs');

const state = {
  name: '',
  format: 'animl',
  readOnly: false,
  loaded: false,
  revision: '', // the disk revision the editor's text is based on
  savedText: '', // the text of that revision
  saving: false,
  pendingRevision: null, // a disk revision announced during a save
  valid: false, // the editor's text compiles
  errors: 0,
  runtime: null,
};

const dirty = () => editor.value !== state.savedText;

function showNotice(text, kind = '') {
  notice.textContent = text;
  notice.className = `notice ${kind}`;
  notice.hidden = !text;
}

function updateStatus() {
  let text;
  if (!state.runtime) text = 'no WebAssembly build';
  else if (state.errors) text = `${state.errors} error${state.errors > 1 ? 's' : ''}`;
  else text = 'valid';
  statusLine.textContent = text;
  statusLine.className = `status ${state.errors || !state.runtime ? 'error' : 'ok'}${dirty() ? ' dirty' : ''}`;
  saveButton.disabled = state.readOnly;
  saveButton.title = state.readOnly
    ? 'The scratch example is read-only: run `anima playground file.animl` to save'
    : 'Write the editor to the opened file (Ctrl+S)';
}

// --- the document ------------------------------------------------------------

async function loadDocument() {
  const response = await fetch('/api/document', { cache: 'no-store' });
  const document = await response.json();
  state.name = document.name;
  state.format = document.name.endsWith('.ani') ? 'ani' : 'animl';
  state.readOnly = document.readOnly;
  state.revision = document.revision;
  $('file').textContent = document.name;
  $('read-only').hidden = !document.readOnly;
  reloadButton.hidden = true;
  if (document.text === null) {
    showNotice(document.problem ?? 'The file cannot be read.', 'error');
  } else if (state.runtime) {
    showNotice('');
  }
  editor.value = document.text ?? '';
  state.savedText = editor.value;
  state.loaded = true;
  await compile();
}

/** A disk revision the page did not write: reload, or offer to. */
function diskChanged(revision, problem) {
  if (revision === state.revision) return;
  if (!dirty()) {
    loadDocument();
    return;
  }
  state.revision = null; // the editor no longer matches any disk revision
  reloadButton.hidden = false;
  showNotice(`${state.name} changed on disk${problem ? ` (${problem})` : ''}. `
    + 'Reload it to go on (your unsaved edits are lost: copy them first); Save is refused until then.');
}

async function save() {
  if (state.readOnly) {
    showNotice('The scratch example is read-only: run `anima playground file.animl` to edit a file.');
    return;
  }
  if (state.saving) return;
  const text = editor.value;
  state.saving = true;
  try {
    const response = await fetch('/api/save', {
      method: 'POST',
      headers: { 'X-Anima-Revision': state.revision ?? 'stale', 'Content-Type': 'text/plain; charset=utf-8' },
      body: text,
    });
    if (response.ok) {
      state.revision = (await response.json()).revision;
      state.savedText = text;
      showNotice('');
      reloadButton.hidden = true;
    } else if (response.status === 409) {
      state.revision = null;
      reloadButton.hidden = false;
      showNotice(`${state.name} changed on disk since it was loaded: Save refused. `
        + 'Reload it first (copy your edits before: reloading replaces them).', 'error');
    } else {
      showNotice(await response.text(), 'error');
    }
  } catch (error) {
    showNotice(`Save failed: ${error.message}`, 'error');
  } finally {
    state.saving = false;
    const pending = state.pendingRevision;
    state.pendingRevision = null;
    if (pending && state.revision !== null) diskChanged(pending.revision, pending.problem);
    updateStatus();
  }
}

function listenToDisk() {
  const events = new EventSource('/api/events');
  events.addEventListener('revision', (event) => {
    const { revision, problem } = JSON.parse(event.data);
    if (!state.loaded) return;
    if (state.saving) {
      state.pendingRevision = { revision, problem };
      return;
    }
    diskChanged(revision, problem);
  });
}

// --- compiling and the stage ---------------------------------------------------

function renderDiagnostics(diagnostics) {
  const list = $('diagnostics');
  list.replaceChildren();
  for (const diagnostic of diagnostics) {
    const item = document.createElement('li');
    item.className = diagnostic.severity;
    item.tabIndex = 0;
    const where = diagnostic.line ? `${diagnostic.line}:${diagnostic.column}` : diagnostic.pointer || '-';
    item.textContent = `${where} ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
    item.dataset.line = diagnostic.line;
    item.dataset.column = diagnostic.column;
    list.append(item);
  }
}

/** Puts the caret at 1-based line:column of the editor. */
function goTo(line, column) {
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  editor.focus();
  editor.setSelectionRange(offset, offset);
}

$('diagnostics').addEventListener('click', (event) => {
  const item = event.target.closest('li');
  if (item && Number(item.dataset.line)) goTo(Number(item.dataset.line), Number(item.dataset.column));
});
$('diagnostics').addEventListener('keydown', (event) => {
  if (event.key === 'Enter') event.target.click();
});

let compiling = Promise.resolve();

function compile() {
  compiling = compiling.then(async () => {
    if (!state.runtime) {
      updateStatus();
      return;
    }
    const text = editor.value;
    const result = state.runtime.compile(text, state.format);
    renderDiagnostics(result.diagnostics);
    state.errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    state.valid = result.json !== null && (await icon.loadSource(text, state.format));
    if (!state.valid && !state.errors) state.errors = 1;
    stage.classList.toggle('stale', !state.valid);
    updateStatus();
  });
  return compiling;
}

let compileTimer = 0;
editor.addEventListener('input', () => {
  clearTimeout(compileTimer);
  compileTimer = setTimeout(compile, 150);
  updateStatus();
});

function renderInputs(inputs) {
  const list = $('input-list');
  list.replaceChildren();
  for (const input of inputs) {
    const label = document.createElement('label');
    let control;
    if (input.type === 'trigger') {
      control = document.createElement('button');
      control.type = 'button';
      control.textContent = `fire ${input.name}`;
      control.addEventListener('click', () => icon.setInput(input.name, 'fire'));
      label.append(control);
    } else {
      control = document.createElement('input');
      if (input.type === 'bool') {
        control.type = 'checkbox';
        control.addEventListener('change', () => icon.setInput(input.name, control.checked));
      } else {
        control.type = 'number';
        control.step = 'any';
        control.value = '0';
        control.addEventListener('change', () => {
          const value = Number(control.value);
          if (Number.isFinite(value)) icon.setInput(input.name, value);
        });
      }
      label.append(control, ` ${input.name}`);
    }
    list.append(label);
  }
  if (!inputs.length) list.textContent = 'none';
}

function renderTimelines(timelines) {
  const chosen = timelineSelect.value;
  timelineSelect.replaceChildren();
  for (const timeline of timelines) {
    const option = document.createElement('option');
    option.value = timeline.name;
    option.textContent = `${timeline.name} (${timeline.duration} s)`;
    option.dataset.duration = timeline.duration;
    timelineSelect.append(option);
  }
  if (timelines.some((timeline) => timeline.name === chosen)) timelineSelect.value = chosen;
  timelineSelect.disabled = scrubber.disabled = !timelines.length;
  setRange();
}

function setRange() {
  const duration = Number(timelineSelect.selectedOptions[0]?.dataset.duration ?? 1);
  scrubber.max = String(duration);
  scrubber.step = String(Math.min(0.01, duration / 100));
}

icon.addEventListener('anima-load', (event) => {
  renderInputs(event.detail.inputs);
  renderTimelines(event.detail.timelines ?? []);
  if (scrubbing) scrub(); // a new document under the slider: keep inspecting it
});
icon.addEventListener('anima-event', (event) => {
  const { name, layer, time } = event.detail;
  const item = document.createElement('li');
  item.textContent = `${name} (${layer ?? 'listener'}, t ${Number(time).toFixed(3)} s)`;
  const list = $('events');
  list.prepend(item);
  while (list.children.length > 50) list.lastChild.remove();
});
icon.addEventListener('anima-error', (event) => {
  // A document that compiles but cannot be played or drawn (e.g. a module
  // the web build leaves out, or unsupported-render).
  if (!event.detail.diagnostics?.length) showNotice(event.detail.message, 'error');
  else renderDiagnostics(event.detail.diagnostics);
});

// --- scrubbing (SPEC §11.4) ------------------------------------------------------

let scrubbing = false;

function scrub() {
  const name = timelineSelect.value;
  if (!name) return;
  const time = Number(scrubber.value);
  if (!icon.scrub(name, time)) return;
  scrubbing = true;
  timeOutput.textContent = `${time.toFixed(2)} s`;
  stage.classList.add('scrubbing');
  inputsBox.disabled = true;
  liveButton.disabled = false;
  $('mode').textContent = `Scrubbing ${name} at ${time.toFixed(2)} s over the rest pose: live playback `
    + 'and inputs are paused and no events are emitted. Live (Esc) resumes.';
}

function live() {
  if (!scrubbing) return;
  scrubbing = false;
  icon.live();
  stage.classList.remove('scrubbing');
  inputsBox.disabled = false;
  liveButton.disabled = true;
  $('mode').textContent = 'Live: the player runs; drag the slider to scrub.';
}

scrubber.addEventListener('input', scrub);
timelineSelect.addEventListener('change', () => {
  setRange();
  if (scrubbing) scrub();
});
liveButton.addEventListener('click', live);

// --- keys and buttons --------------------------------------------------------------

document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
    event.preventDefault();
    save();
  } else if (event.key === 'Escape' && scrubbing) {
    event.preventDefault();
    live();
  }
});
saveButton.addEventListener('click', save);
reloadButton.addEventListener('click', () => loadDocument());

// --- start ---------------------------------------------------------------------------

(async () => {
  try {
    state.runtime = await animaRuntime();
  } catch (error) {
    showNotice('The WebAssembly build is missing (anima.js, anima.wasm): run scripts/build-web.sh, '
      + `then reload this page. (${error.message})`, 'error');
  }
  await loadDocument();
  listenToDisk();
})();
