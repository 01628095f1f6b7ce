/** Case, spaces, underscores, hyphens, dots and full-width forms do not matter when matching headers. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.:：()（）]/g, '');
}
