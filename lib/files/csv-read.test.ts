import { describe, expect, it } from 'vitest';
import { encodeBig5 } from '@/lib/testing/big5';
import { decodeBytes, detectEncoding } from './encoding';
import { readCsvBytes } from './csv-read';

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array, bom: number[]) => new Uint8Array([...bom, ...bytes]);
function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + i * 2] = code & 0xff;
    out[3 + i * 2] = code >> 8;
  }
  return out;
}

const CSV = '品號,品名,單位\nS1,高山烏龍茶,包\nS2,凍頂烏龍,盒\n';

describe('readCsvBytes: encodings', () => {
  it.each([
    ['UTF-8 without BOM', utf8(CSV), 'utf-8', 'valid'],
    ['UTF-8 with BOM', withBom(utf8(CSV), [0xef, 0xbb, 0xbf]), 'utf-8', 'bom'],
    ['UTF-16 LE with BOM', utf16le(CSV), 'utf-16le', 'bom'],
    ['Big5 (Excel in Taiwan)', encodeBig5(CSV), 'big5', 'valid'],
  ] as const)('reads %s with Chinese text intact', async (_name, bytes, encoding, basis) => {
    const result = await readCsvBytes(bytes);
    expect(result.error).toBeUndefined();
    expect(result.encoding).toBe(encoding);
    expect(result.detected.basis).toBe(basis);
    expect(result.headers).toEqual(['品號', '品名', '單位']);
    expect(result.rows.map((r) => r.cells)).toEqual([
      ['S1', '高山烏龍茶', '包'],
      ['S2', '凍頂烏龍', '盒'],
    ]);
  });

  it('lets the user override a guess: Big5 bytes read as UTF-8 show replacement characters', async () => {
    const result = await readCsvBytes(encodeBig5(CSV), { encoding: 'utf-8', preview: 1 });
    expect(result.encoding).toBe('utf-8');
    expect(result.headers.join('')).toContain('\uFFFD');
  });

  it('keeps a character cut between two decoded slices', async () => {
    const bytes = utf8('品名\n' + '烏龍茶\n'.repeat(1000));
    // 7-byte slices cut the 3-byte characters in every possible place.
    const text = await decodeBytes(bytes, 'utf-8', undefined, 7);
    expect(text).toBe('品名\n' + '烏龍茶\n'.repeat(1000));
    const big5 = await decodeBytes(encodeBig5('烏龍茶\n'.repeat(100)), 'big5', undefined, 3);
    expect(big5).toBe('烏龍茶\n'.repeat(100));
  });

  it('prefers UTF-8 for plain ASCII', () => {
    expect(detectEncoding(utf8('a,b\n1,2\n')).encoding).toBe('utf-8');
  });
});

describe('readCsvBytes: delimiters and lines', () => {
  it.each([
    [',', 'a,b\n1,2\n3,4\n'],
    [';', 'a;b\n1;2\n3;4\n'],
    ['\t', 'a\tb\n1\t2\n3\t4\n'],
  ])('detects %j', async (delimiter, text) => {
    const result = await readCsvBytes(utf8(text));
    expect(result.delimiter).toBe(delimiter);
    expect(result.rows.map((r) => r.cells)).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('numbers rows by the physical line they start on (quoted line breaks and blank lines count)', async () => {
    const result = await readCsvBytes(utf8('a,b\r\n1,"two\r\nlines"\r\n\r\n3,4\r\n'));
    expect(result.rows.map((r) => [r.line, r.cells])).toEqual([
      [2, ['1', 'two\r\nlines']],
      [5, ['3', '4']],
    ]);
  });
});

describe('readCsvBytes: file errors', () => {
  it('names the line of an unbalanced quote', async () => {
    const result = await readCsvBytes(utf8('a,b\n1,2\n3,"oops\n5,6\n7,8\n'));
    expect(result.error).toEqual({ code: 'unbalanced_quotes', line: 3 });
  });

  it('refuses an empty file and one with a header only', async () => {
    expect((await readCsvBytes(new Uint8Array())).error?.code).toBe('file_empty');
    expect((await readCsvBytes(utf8('\uFEFF  \n'))).error?.code).toBe('file_empty');
    expect((await readCsvBytes(utf8('a,b\n'))).error?.code).toBe('no_data_rows');
  });

  it('recognises a workbook and other binary files', async () => {
    expect((await readCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).error?.code).toBe('file_xlsx');
    expect((await readCsvBytes(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).error?.code).toBe('file_xls');
    expect((await readCsvBytes(new Uint8Array([0x61, 0, 0x62, 0x2c, 0x0a]))).error?.code).toBe('file_binary');
  });

  it('names a duplicate header and its column', async () => {
    const result = await readCsvBytes(utf8('\nname,unit,Name\nx,y,z\n'));
    expect(result.error).toEqual({ code: 'duplicate_header', line: 2, header: 'Name', column: 3 });
  });

  it('stops past the row limit', async () => {
    const result = await readCsvBytes(utf8('a\n1\n2\n3\n'), { maxRows: 2 });
    expect(result.error).toEqual({ code: 'too_many_rows', maxRows: 2 });
  });

  it('refuses a file over 50 MB before decoding it', async () => {
    const result = await readCsvBytes(new Uint8Array(50 * 1024 * 1024 + 1));
    expect(result.error?.code).toBe('file_too_large');
  });
});
