/**
 * Which text encoding a CSV file is in. The files stewards have come from Excel: UTF-8 (with a BOM when
 * saved as "CSV UTF-8"), UTF-16 with a BOM ("Unicode text"), or Big5/CP950 (plain "CSV" on a Traditional
 * Chinese Windows). The candidates are these few, so detection is a validity check rather than a
 * statistical guess: a byte-order mark decides; otherwise the bytes are tried as strict UTF-8, then as
 * strict Big5 (WHATWG TextDecoder with `fatal`, the same decoder in browsers and in Node with full ICU).
 * Real Big5 text is almost never valid UTF-8 (its trail bytes 0x40–0x7E cannot follow a UTF-8 lead byte),
 * and a statistical detector such as jschardet may answer encodings we cannot offer (GB2312, EUC-KR,
 * windows-1252) on short samples. A wrong guess stays visible: the preview shows the first rows in the
 * chosen encoding and the user can override it.
 */

import { ENCODINGS, type Encoding } from '@/lib/contract/console/import-files';
export { ENCODINGS, type Encoding } from '@/lib/contract/console/import-files';

export function isEncoding(value: unknown): value is Encoding {
  return typeof value === 'string' && (ENCODINGS as readonly string[]).includes(value);
}

export type Detected = {
  encoding: Encoding;
  /** Bytes of byte-order mark to skip. */
  bomLength: number;
  /** How the encoding was chosen: a BOM, a strict decode of the sample, or a fallback. */
  basis: 'bom' | 'valid' | 'fallback';
};

/** How much of the file the detection reads: enough to meet Chinese text, small enough to be instant. */
export const SNIFF_BYTES = 64 * 1024;

function validIn(encoding: Encoding, bytes: Uint8Array): boolean {
  try {
    // `stream: true`: the sample may end in the middle of a character.
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function detectEncoding(sample: Uint8Array): Detected {
  const [a, b, c] = sample;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bomLength: 3, basis: 'bom' };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bomLength: 2, basis: 'bom' };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bomLength: 2, basis: 'bom' };
  if (validIn('utf-8', sample)) return { encoding: 'utf-8', bomLength: 0, basis: 'valid' };
  if (validIn('big5', sample)) return { encoding: 'big5', bomLength: 0, basis: 'valid' };
  // Neither decodes cleanly: Big5 is still the likeliest for a file from Excel in Taiwan (a stray byte from
  // a cut-and-paste); the preview shows the replacement characters.
  return { encoding: 'big5', bomLength: 0, basis: 'fallback' };
}

/** Length of the BOM of `encoding` at the start of `bytes`, if there is one. */
export function bomLength(encoding: Encoding, bytes: Uint8Array): number {
  const [a, b, c] = bytes;
  if (encoding === 'utf-8') return a === 0xef && b === 0xbb && c === 0xbf ? 3 : 0;
  if (encoding === 'utf-16le') return a === 0xff && b === 0xfe ? 2 : 0;
  if (encoding === 'utf-16be') return a === 0xfe && b === 0xff ? 2 : 0;
  return 0;
}

export type BinaryKind = 'xlsx' | 'xls' | 'binary';

/**
 * A file that is not text: a workbook (zip or OLE container) or anything with NUL bytes outside UTF-16.
 * Checked on the sample before decoding, so a stray .xlsx gives a useful message instead of garbage rows.
 */
export function binaryKind(sample: Uint8Array, encoding: Encoding): BinaryKind | null {
  const [a, b, c, d] = sample;
  if (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) return 'xlsx';
  if (a === 0xd0 && b === 0xcf && c === 0x11 && d === 0xe0) return 'xls';
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return null;
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return 'binary';
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) controls++;
  }
  return sample.length > 0 && controls / sample.length > 0.1 ? 'binary' : null;
}

/**
 * Decodes a whole file in slices, reporting progress; a character cut by a slice boundary is carried over
 * by the streaming decoder. The BOM is dropped.
 */
export async function decodeBytes(
  bytes: Uint8Array,
  encoding: Encoding,
  onProgress?: (done: number, total: number) => void,
  sliceSize = 4 * 1024 * 1024,
): Promise<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  const start = bomLength(encoding, bytes);
  const parts: string[] = [];
  for (let i = start; i < bytes.length; i += sliceSize) {
    const end = Math.min(bytes.length, i + sliceSize);
    parts.push(decoder.decode(bytes.subarray(i, end), { stream: end < bytes.length }));
    onProgress?.(end, bytes.length);
    // Let the worker answer messages (cancel) between slices.
    if (end < bytes.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
