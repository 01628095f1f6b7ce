import { LIMITS } from '../../lib/contract';
import { fit, type Tenant } from './demo-tools';

/**
 * A few records of the demo that break "Needs attention" rules (lib/contract/attention), so the home is not empty
 * in the demo: barcodes with a wrong check digit, a barcode two SKUs share, SKUs without a sell price or above
 * their list price, names with stray spaces or full-width letters, a bundle with an inactive component and one with
 * none to assemble, credit 90 % used. Over-limit credit and companies whose salesperson left come from the
 * generator itself. Changed after every draw is made (no random draw here), from the end of each list, so the
 * rest of the demo stays as it was. Not here: what the seed's own rules refuse (a negative point balance, a
 * missing category) and what only a change makes (a price jump, an import's rows waiting).
 */
export function withFindings(t: Tenant): Tenant {
  // Active SKUs with a barcode, from the 441st on (earlier ones are named in tests and walkthroughs).
  const pick = t.skus.slice(440).filter((s) => s.status === 'Active' && s.barcode !== '');
  const [w1, w2, w3, d1, d2, free, above, spaced, wide] = pick;
  for (const s of [w1!, w2!, w3!]) s.barcode = s.barcode.slice(0, -1) + String((Number(s.barcode.at(-1)) + 1) % 10);
  d2!.barcode = d1!.barcode;
  free!.sellPrice = 0;
  above!.sellPrice = above!.price + 10;
  spaced!.name = fit(LIMITS.sku.name, spaced!.name!.replace(' ', '  '));
  wide!.name = `${wide!.name!.slice(0, LIMITS.sku.name - 3)} ＸＬ`;

  const inactive = t.skus.find((s) => s.status === 'Inactive' && s.unit !== '箱')!;
  const active = t.bundles.filter((b) => b.status === 'Active');
  const [broken, empty] = active.slice(-2);
  broken!.components[0]!.componentSkuId = inactive.id;
  const limiting = t.skus.find((s) => s.id === empty!.components[0]!.componentSkuId)!;
  limiting.inventoryQty = 0;
  limiting.reservedQty = 0;

  for (const q of t.creditQuotas.filter((q) => q.enabled && q.pendingAmount <= q.creditAmount).slice(-2))
    q.pendingAmount = q.creditAmount * 0.95;
  return t;
}
