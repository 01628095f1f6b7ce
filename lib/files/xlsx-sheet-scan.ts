/**
 * The cells of a sheet's <sheetData>, read by looking for its few tags directly (indexOf), for the shape every
 * spreadsheet program writes: <row> holding <c r s t> cells, each holding <v> or an inline <is><t>. Why by hand
 * and not only with saxen (./xlsx-read.ts): this part holds every cell of the file, and a general XML parser
 * spends most of the import's read time there (at 100,000 SKUs, twice as long as everything else together:
 * an object of attributes per cell, a callback per tag). Anything outside that shape (a namespace prefix,
 * CDATA, a comment, an unknown tag) returns null, and saxen reads the sheet instead.
 */

/** One cell as the sheet stores it: its place, its type (`t`), its style index (`s`), its raw text. */
export type RawCell = (row: number, column: number, type: string, style: string | undefined, value: string) => void;

const C = 'c'.charCodeAt(0);
const GT = '>'.charCodeAt(0);
const SPACE = ' '.charCodeAt(0);
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
    name ? NAMED[name]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
  );
}

/** "BC12" → 54 (zero-based column), from the reference's letters. */
export function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

const isBoundary = (char: string | undefined) =>
  char === ' ' || char === '>' || char === '/' || char === '\t' || char === '\n' || char === '\r';

/** The inner text of each <name> element of `xml`, in order ('' for <name/>); null when one is not closed. */
function elementsOf(xml: string, name: string): string[] | null {
  const openTag = `<${name}`;
  const closeTag = `</${name}>`;
  const inners: string[] = [];
  let at = 0;
  for (;;) {
    const open = xml.indexOf(openTag, at);
    if (open === -1) return inners;
    const gt = xml.indexOf('>', open);
    at = gt + 1;
    if (!isBoundary(xml[open + openTag.length])) continue;
    if (xml[gt - 1] === '/') {
      inners.push('');
      continue;
    }
    const close = xml.indexOf(closeTag, gt);
    if (close === -1) return null;
    inners.push(xml.slice(gt + 1, close));
    at = close + closeTag.length;
  }
}

/** The text of every <t> in an inline string (rich text has several); null for phonetic runs (<rPh>): saxen leaves them out. */
function inlineText(inner: string): string | null {
  if (inner.includes('<rPh')) return null;
  const runs = elementsOf(inner, 't');
  return runs && runs.map(unescape).join('');
}

/** Calls `cell` for each cell with a value, in order; returns the number of rows, or null to leave the sheet to saxen. */
export function scanSheetData(xml: string, cell: RawCell): number | null {
  if (xml.includes('<![CDATA[') || xml.includes('<!--')) return null;
  const start = xml.indexOf('<sheetData');
  if (start === -1) return null;
  const open = xml.indexOf('>', start);
  if (xml[open - 1] === '/') return 0;
  const end = xml.indexOf('</sheetData>', open);
  if (end === -1) return null;
  let at = open + 1;
  let rowNumber = 0;
  let column = -1;
  for (;;) {
    const lt = xml.indexOf('<', at);
    if (lt === -1 || lt >= end) return rowNumber;
    const gt = xml.indexOf('>', lt);
    const selfClosing = xml[gt - 1] === '/';
    if (xml.charCodeAt(lt + 1) === C && isBoundary(xml[lt + 2])) {
      let ref: string | undefined;
      let type = 'n';
      let style: string | undefined;
      // The attributes, read in place (no copy of the tag, no object per cell).
      for (let p = lt + 2; p < gt;) {
        const eq = xml.indexOf('=', p);
        if (eq === -1 || eq > gt) break;
        // The name is one letter (r, s, t) when the character before it is a space; others are skipped.
        let n = eq - 1;
        while (xml.charCodeAt(n) === SPACE) n--;
        const name = isBoundary(xml[n - 1]) ? xml[n] : '';
        let q = eq + 1;
        while (xml[q] === ' ') q++;
        const quote = xml[q];
        if (quote !== '"' && quote !== "'") return null;
        const last = xml.indexOf(quote, q + 1);
        if (name === 'r') ref = xml.slice(q + 1, last);
        else if (name === 't') type = xml.slice(q + 1, last);
        else if (name === 's') style = xml.slice(q + 1, last);
        p = last + 1;
      }
      column = ref ? columnOf(ref) : column + 1;
      if (selfClosing) {
        at = gt + 1;
        continue;
      }
      const close = xml.indexOf('</c>', gt);
      if (close === -1 || close > end) return null;
      let value: string | null;
      if (type === 'inlineStr') value = inlineText(xml.slice(gt + 1, close));
      else {
        const v = xml.indexOf('<v', gt);
        if (v === -1 || v > close) value = '';
        else if (xml.charCodeAt(v + 2) !== GT) value = null;
        else value = unescape(xml.slice(v + 3, xml.indexOf('</v>', v)));
      }
      if (value === null) return null;
      if (value !== '') cell(rowNumber, column, type, style, value);
      at = close + 4;
    } else if (xml.startsWith('<row', lt) && isBoundary(xml[lt + 4])) {
      const r = /\sr\s*=\s*["'](\d+)["']/.exec(xml.slice(lt + 4, gt));
      rowNumber = r ? Number(r[1]) : rowNumber + 1;
      column = -1;
      at = gt + 1;
    } else if (xml.startsWith('</row>', lt)) {
      at = lt + 6;
    } else return null;
  }
}

/** The shared strings (<sst><si>…</si></sst>) the same way; null to leave them to saxen. */
export function scanSharedStrings(xml: string): string[] | null {
  if (xml.includes('<![CDATA[') || xml.includes('<!--') || !xml.includes('<sst')) return null;
  const items = elementsOf(xml, 'si');
  if (items === null) return null;
  const strings: string[] = [];
  for (const item of items) {
    const text = inlineText(item);
    if (text === null) return null;
    strings.push(text);
  }
  return strings;
}
