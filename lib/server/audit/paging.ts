import 'server-only';

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** The page and page size asked for, clamped: out-of-range input is no error on a console screen (not an API). */
export function clampPage(input: { page?: number; pageSize?: number }): { page: number; pageSize: number } {
  const pageSize = Math.min(
    Math.max(Math.trunc(input.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT) || 1, 1),
    AUDIT_PAGE_SIZE_MAX,
  );
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 1_000_000);
  return { page, pageSize };
}
