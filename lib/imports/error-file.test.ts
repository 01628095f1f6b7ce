import { describe, expect, it } from 'vitest';
import { encodeBig5 } from '@/lib/testing/big5';
import { errorFileBytes } from './error-file';
import { readCsvBytes } from '../files/csv-read';

const failed = (cells: string[], errors: string) => ({ cells, errors });

describe('error file', () => {
  it('goes back out as Big5 with the same columns and cells, plus the error column', async () => {
    const source = '品號;品名;單位;產品ID\r\nA-1;凍頂烏龍茶 禮盒;盒;1\r\nA-2;"高山茶; 特級";包;-5\r\n';
    const read = await readCsvBytes(encodeBig5(source));
    expect(read.encoding).toBe('big5');
    expect(read.delimiter).toBe(';');

    const file = errorFileBytes({
      headers: read.headers,
      delimiter: read.delimiter,
      encoding: read.encoding,
      errorHeader: '錯誤',
      rows: read.rows.map((r, i) => failed(r.cells, i === 0 ? '名稱過長' : '=不存在的商品')),
    });
    expect(file.encoding).toBe('big5');
    // Not UTF-8: the bytes are the Big5 of the text.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file.bytes)).toThrow();

    const again = await readCsvBytes(file.bytes);
    expect(again.encoding).toBe('big5');
    expect(again.delimiter).toBe(';');
    expect(again.headers).toEqual([...read.headers, '錯誤']);
    expect(again.rows.map((r) => r.cells.slice(0, 4))).toEqual(read.rows.map((r) => r.cells));
    // Every cell is guarded against formulas, and reads back as it was: "-5" stays -5.
    expect(new TextDecoder('big5').decode(file.bytes)).toContain(";'-5;'=不存在的商品");
    expect(again.rows[1]!.cells[3]).toBe('-5');
    expect(again.rows[1]!.cells[4]).toBe('=不存在的商品');
  });

  it('falls back to UTF-8 when a fixed cell holds a character Big5 cannot write', async () => {
    const file = errorFileBytes({
      headers: ['name'],
      delimiter: ',',
      encoding: 'big5',
      errorHeader: 'Errors',
      rows: [failed(['茶 🍵'], 'x')],
    });
    expect(file.encoding).toBe('utf-8');
    const again = await readCsvBytes(file.bytes);
    expect(again.rows[0]!.cells).toEqual(['茶 🍵', 'x']);
  });

  it('keeps UTF-16 with its byte-order mark, tab delimiter and short rows padded', async () => {
    const file = errorFileBytes({
      headers: ['a', 'b', 'c'],
      delimiter: '\t',
      encoding: 'utf-16le',
      errorHeader: 'Errors',
      rows: [failed(['1'], 'bad')],
    });
    expect([...file.bytes.slice(0, 2)]).toEqual([0xff, 0xfe]);
    const again = await readCsvBytes(file.bytes);
    expect(again.encoding).toBe('utf-16le');
    expect(again.delimiter).toBe('\t');
    expect(again.rows[0]!.cells).toEqual(['1', '', '', 'bad']);
  });
});
