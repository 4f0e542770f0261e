// size.mjs — what the wasm's code is made of: reads a wasm linked with
// function names (emcc --profiling-funcs; `scripts/build-web.sh size`
// makes one) and a symbol list per group (lines `group<TAB>symbol`, from
// llvm-nm of each group's objects), and prints the code bytes per group,
// the data section, and the total.
//
//   node web/size.mjs names.wasm symbols.tsv
import { readFileSync } from 'node:fs';

const [wasmPath, symbolsPath] = process.argv.slice(2);
const bytes = readFileSync(wasmPath);
let offset = 8;

function leb() {
  let result = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    result += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return result;
  }
}

let importedFunctions = 0;
const bodySizes = [];
const names = new Map();
const sections = {};
while (offset < bytes.length) {
  const id = bytes[offset++];
  const size = leb();
  const end = offset + size;
  sections[id] = (sections[id] || 0) + size;
  if (id === 2) { // imports: count the functions, which take the first indices
    const count = leb();
    for (let i = 0; i < count; i++) {
      for (let s = 0; s < 2; s++) offset += leb();
      const kind = bytes[offset++];
      if (kind === 0) { leb(); importedFunctions++; }
      else if (kind === 1) { offset++; const flags = leb(); leb(); if (flags & 1) leb(); }
      else if (kind === 2) { const flags = leb(); leb(); if (flags & 1) leb(); }
      else if (kind === 3) { offset += 2; }
    }
  } else if (id === 10) { // code
    const count = leb();
    for (let i = 0; i < count; i++) {
      const bodySize = leb();
      bodySizes.push(bodySize);
      offset += bodySize;
    }
  } else if (id === 0) { // custom: the name section's function names
    const nameLength = leb();
    const name = bytes.subarray(offset, offset + nameLength).toString();
    offset += nameLength;
    if (name === 'name') {
      while (offset < end) {
        const sub = bytes[offset++];
        const subSize = leb();
        const subEnd = offset + subSize;
        if (sub === 1) {
          const count = leb();
          for (let i = 0; i < count; i++) {
            const index = leb();
            const length = leb();
            names.set(index, bytes.subarray(offset, offset + length).toString());
            offset += length;
          }
        }
        offset = subEnd;
      }
    }
  }
  offset = end;
}

const groupOf = new Map();
for (const line of readFileSync(symbolsPath, 'utf8').split('\n')) {
  const [group, symbol] = line.split('\t');
  if (symbol && !groupOf.has(symbol)) groupOf.set(symbol, group);
}
const totals = new Map();
bodySizes.forEach((size, i) => {
  const name = names.get(importedFunctions + i) ?? '';
  const group = groupOf.get(name) ?? 'libc, malloc and emscripten runtime';
  totals.set(group, (totals.get(group) || 0) + size);
});
const code = bodySizes.reduce((a, b) => a + b, 0);
console.log(`code ${code} bytes in ${bodySizes.length} functions; data ${sections[11] || 0} bytes; file ${bytes.length} bytes`);
for (const [group, size] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`${String(size).padStart(8)}  ${(100 * size / code).toFixed(1).padStart(5)}%  ${group}`);
}
