import type { ComponentWrite } from '@/lib/contract/bundles';
import type { ErrorCode } from '@/lib/contract/errors';
import { isFiniteNumber } from '@/lib/contract/numeric';
import { isComponentQuantity } from '@/lib/contract/recipe-rules';
import { isApiError } from '../api-error';
import { findSkusByCode } from '../search-skus';
import { getRecord } from '../queries';

/** One recipe line as the editor holds it: the chosen SKU and the quantity as typed. */
export interface DraftComponent {
  skuId: number;
  code: string | null;
  name: string | null;
  quantity: string;
}

/**
 * The contract's code for a line the service would refuse on its own (the component-quantity rule of
 * lib/contract: a number, above 0 after rounding to 4 decimals), or null when it is fine. The rule is the one
 * componentWrite checks, read from the zod-free lib/contract/recipe-rules, so the page loads no zod: a line's
 * SKU is one the service listed (a valid id), so its quantity is all that can be wrong.
 */
export function componentError(line: DraftComponent): ErrorCode | null {
  const text = line.quantity.trim();
  const quantity = text === '' ? Number.NaN : Number(text);
  return isFiniteNumber(quantity) && isComponentQuantity(quantity) ? null : 'invalid_component_quantity';
}

/** The write the editor sends: every line by SKU id (never by code), sorted in the order shown. */
export function toComponentWrites(lines: readonly DraftComponent[]): ComponentWrite[] {
  return lines.map((line, i) => ({
    componentSkuId: line.skuId,
    quantity: Number(line.quantity.trim()),
    sort: (i + 1) * 10,
  }));
}

/** Codes the service gives for one component of a recipe (it reports the first, without saying which). */
const COMPONENT_CODES: readonly ErrorCode[] = [
  'invalid_component_quantity',
  'component_identifier_required',
  'component_sku_not_found',
  'component_sku_code_ambiguous',
  'duplicate_component_sku',
];

export function isComponentCode(code: string): boolean {
  return (COMPONENT_CODES as readonly string[]).includes(code);
}

/**
 * Which line of a refused recipe the service's code is about, found the way the service checks the lines
 * (in order, first failure wins), so the error can be shown on that row. Reads SKUs when it must (a SKU
 * that no longer exists, a code that now matches several); null when no line can be singled out.
 */
export async function locateComponentError(
  sent: readonly ComponentWrite[],
  code: string,
  signal?: AbortSignal,
): Promise<number | null> {
  switch (code as ErrorCode) {
    case 'invalid_component_quantity':
    case 'component_identifier_required': {
      // Only after a refusal: the schema (zod) loads then, not with the page.
      const { componentWrite } = await import('@/lib/contract/bundles');
      const i = sent.findIndex((c) => !componentWrite.safeParse(c).success);
      return i >= 0 ? i : null;
    }
    case 'duplicate_component_sku': {
      const seen = new Set<string>();
      const i = sent.findIndex((c) => {
        const key =
          c.componentSkuId != null
            ? `id:${c.componentSkuId}`
            : `code:${(c.componentSkuOuterSysCode ?? '').trim().toLowerCase()}`;
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      return i >= 0 ? i : null;
    }
    case 'component_sku_not_found':
    case 'component_sku_code_ambiguous': {
      for (const [i, c] of sent.entries()) {
        if (c.componentSkuId != null) {
          if (code !== 'component_sku_not_found') continue;
          try {
            await getRecord('sku', c.componentSkuId, signal);
          } catch (error) {
            if (isApiError(error) && error.isNotFound) return i;
            throw error;
          }
        } else {
          const matches = await findSkusByCode(c.componentSkuOuterSysCode ?? '', signal);
          if (code === 'component_sku_not_found' ? matches.length === 0 : matches.length > 1) return i;
        }
      }
      return null;
    }
    default:
      return null;
  }
}
