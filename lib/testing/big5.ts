/**
 * Big5 bytes for tests and benches (browsers and Node only decode Big5). Built once by decoding every
 * double-byte code with the same WHATWG decoder the import uses, so the round trip is exact.
 */
let table: Map<string, [number, number]> | null = null;

function big5Table(): Map<string, [number, number]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('big5');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail > 0x7e && trail < 0xa1) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      // Keep the first (standard Big5 area) code of a character; later HKSCS codes map to the same text.
      if (char.length >= 1 && char !== '\uFFFD' && !table.has(char) && lead >= 0xa1) table.set(char, [lead, trail]);
    }
  }
  return table;
}

export function encodeBig5(text: string): Uint8Array {
  const map = big5Table();
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const pair = map.get(char);
      if (!pair) throw new Error(`No Big5 code for ${char}`);
      out.push(...pair);
    }
  }
  return new Uint8Array(out);
}
