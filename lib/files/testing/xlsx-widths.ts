import ExcelJS from 'exceljs';
import { shownText, textWidth } from '../xlsx-width';

/**
 * For tests: a workbook read back with exceljs, and every cell whose formatted text is wider than its column
 * (Excel and LibreOffice show such a number or date as `###`). The header row counts too, with room for its
 * filter button. Empty when every column shows its values whole.
 */
export async function sheetOf(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook.worksheets[0]!;
}

export function narrowCells(sheet: ExcelJS.Worksheet): string[] {
  const narrow: string[] = [];
  sheet.eachRow((row, r) =>
    row.eachCell((cell, c) => {
      const width = sheet.getColumn(c).width ?? 8.43;
      const value = cell.value as string | number | Date | null;
      const text = shownText(value, cell.numFmt ?? 'General');
      // A header needs its filter button's room beside it; a value, the cell's margins.
      const needed = textWidth(text) + (r === 1 ? 3 : 1);
      if (typeof value === 'string' && r > 1 && width >= 60) return; // long text is cut at the edge, never ###
      if (needed > width) narrow.push(`${cell.address} "${text}" needs ${needed}, has ${width}`);
    }),
  );
  return narrow;
}

/** The frozen header row and its filters, as every workbook of the console has them. */
export function headerFrozenAndFiltered(sheet: ExcelJS.Worksheet): boolean {
  const view = sheet.views[0] as { state?: string; ySplit?: number } | undefined;
  return view?.state === 'frozen' && view.ySplit === 1 && Boolean(sheet.autoFilter);
}
