/** A time column's zone as the console's workbooks name it in the header: "Read at (Asia/Taipei)", "(UTC)". */
const ZONE_SUFFIX = /\s*\(\s*(?:[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+|UTC|GMT)\s*\)\s*$/;

/**
 * Case, spaces, underscores, hyphens, dots and full-width forms do not matter when matching headers, nor the zone a
 * workbook's time column names (lib/files/xlsx-cells headerOf): a file the console exported imports back unmapped.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .replace(ZONE_SUFFIX, '')
    .toLowerCase()
    .replace(/[\s_\-.:：()（）]/g, '');
}
