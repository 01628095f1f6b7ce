import { binaryKind, decodeBytes, detectEncoding, SNIFF_BYTES, type Detected, type Encoding } from './encoding';
import { parseCsv, READ_LIMITS, type Delimiter, type ParseResult } from './csv-parse';

/**
 * A CSV file's bytes to header and rows: limits, binary check, encoding (detected or chosen), delimiter
 * (detected or chosen), parse. The import worker runs this; tests and the bench run it in Node as is.
 */

export type ReadOptions = {
  encoding?: Encoding;
  delimiter?: Delimiter;
  preview?: number;
  maxRows?: number;
  onProgress?: (phase: 'decode' | 'parse', done: number, total: number) => void;
};

export type ReadResult = ParseResult & { detected: Detected; encoding: Encoding };

export async function readCsvBytes(bytes: Uint8Array, options: ReadOptions = {}): Promise<ReadResult> {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  const detected = detectEncoding(sample);
  const encoding = options.encoding ?? detected.encoding;
  const empty: ParseResult = { headers: [], headerLine: 1, rows: [], delimiter: ',', malformedLines: [] };
  const base = { ...empty, detected, encoding };
  if (bytes.length > READ_LIMITS.maxBytes)
    return { ...base, error: { code: 'file_too_large', maxBytes: READ_LIMITS.maxBytes } };
  if (bytes.length === 0) return { ...base, error: { code: 'file_empty' } };
  const binary = binaryKind(sample, encoding);
  if (binary)
    return {
      ...base,
      error: { code: binary === 'xlsx' ? 'file_xlsx' : binary === 'xls' ? 'file_xls' : 'file_binary' },
    };

  // A preview decodes only the start of the file: enough for its rows, and instant on a 50 MB file.
  const slice = options.preview !== undefined ? bytes.subarray(0, Math.min(bytes.length, 256 * 1024)) : bytes;
  const text = await decodeBytes(slice, encoding, (done, total) => options.onProgress?.('decode', done, total));
  const parsed = parseCsv(text, {
    delimiter: options.delimiter,
    preview: options.preview,
    maxRows: options.maxRows,
    onProgress: (done, total) => options.onProgress?.('parse', done, total),
  });
  // A preview cut in the middle of a quoted cell is not an unbalanced quote of the file.
  if (options.preview !== undefined && slice.length < bytes.length && parsed.error?.code === 'unbalanced_quotes') {
    return { ...parsed, error: undefined, detected, encoding };
  }
  return { ...parsed, detected, encoding };
}
