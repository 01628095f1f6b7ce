/**
 * How wide a workbook's column must be to show its cells whole (issue 62 point 2): Excel and LibreOffice show
 * `###` in a number or date cell narrower than its FORMATTED text, and "NT$1,234,567.50" is six characters wider
 * than 1234567.5. Widths are in Excel's unit, the width of a digit of the default font; a CJK character is about
 * two. The formats measured are the console's own (./xlsx-cells NUMBER_FORMAT and quantityFormat), so this is
 * a measure of those, not a general Excel formatter.
 */

/** East Asian wide and full-width characters (Unicode's W and F classes, the ranges the console meets). */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** A text's width in digit widths: a CJK or full-width character counts two. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : 1;
  return width;
}

/** Digits grouped by thousands, with `decimals` places. */
function grouped(value: number, decimals: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 ? '-' : '';
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The text a number shows under one of the console's formats: literal text in quotes kept, `#,##0` grouped, the
 * places after the point, `%` multiplied by 100; 'General' shows the number itself (at most 11 characters in
 * Excel, which switches to scientific notation past them).
 */
export function formattedNumber(value: number, format: string): string {
  if (format === 'General' || format === '@') {
    const plain = String(value);
    return plain.length > 11 ? value.toPrecision(6) : plain;
  }
  const literals = [...format.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
  const code = format.replace(/"[^"]*"/g, '');
  const decimals = /\.(0+)/.exec(code)?.[1]?.length ?? 0;
  const percent = code.includes('%');
  const number = percent ? value * 100 : value;
  const digits = code.includes(',') ? grouped(number, decimals) : number.toFixed(decimals);
  return `${literals}${digits}${percent ? '%' : ''}`;
}

/** The text a cell shows: a date under its format's pattern, a number formatted, text as it is. */
export function shownText(value: string | number | Date | null, format: string): string {
  if (value === null) return '';
  // yyyy-mm-dd hh:mm:ss and its like show as many characters as the pattern has.
  if (value instanceof Date) return format.replace(/\\|"/g, '');
  if (typeof value === 'number') return formattedNumber(value, format);
  return value;
}

/** Room beside the widest text: the cell's margins, and in the header the filter's drop-down button. */
const CELL_PADDING = 2;
const HEADER_PADDING = 5;
/** Text past this is cut at the column's edge (text never shows `###`), so a long JSON does not make a wall. */
const TEXT_WIDTH_MAX = 60;
const WIDTH_MIN = 8;

/** Tracks the widest shown text of one column, its header included. */
export class ColumnWidth {
  private widest: number;
  constructor(
    header: string,
    private readonly text: boolean,
  ) {
    // A bold header is about a tenth wider than its characters.
    this.widest = Math.ceil(textWidth(header) * 1.1) + HEADER_PADDING;
  }

  see(value: string | number | Date | null, format: string): void {
    const width = textWidth(shownText(value, format)) + CELL_PADDING;
    if (width > this.widest) this.widest = width;
  }

  /** The width to give the column: numbers and dates always whole, text within TEXT_WIDTH_MAX. */
  get width(): number {
    return Math.max(WIDTH_MIN, this.text ? Math.min(this.widest, TEXT_WIDTH_MAX) : this.widest);
  }
}
