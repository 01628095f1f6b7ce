import { readFileSync } from 'node:fs';
import { describeSeedError, seedFile, type SeedFile } from '@/lib/contract';

/** A seed file's validation: its schema (lib/contract), then the references the schema cannot see. */

export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

/** Reads and validates a seed file; a bad file throws a SeedError naming the path of the bad field. */
export function readSeedFile(file: string): SeedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SeedError(
      `Seed file ${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseSeed(raw, file);
}

export function parseSeed(raw: unknown, source = 'seed'): SeedFile {
  const result = seedFile.safeParse(raw);
  if (!result.success) throw new SeedError(`Invalid ${source}:\n${describeSeedError(result.error)}`);
  const problems = crossCheck(result.data);
  if (problems.length) throw new SeedError(`Invalid ${source}:\n${problems.slice(0, 5).join('\n')}`);
  return result.data;
}

/** References the schema cannot see: ids unique per table across tenants, references inside one tenant. */
function crossCheck(seed: SeedFile): string[] {
  const problems: string[] = [];
  const seen = {
    tenant: new Set<string>(),
    client: new Set<string>(),
    role: new Set<number>(),
    user: new Set<number>(),
    category: new Set<number>(),
    company: new Set<number>(),
    product: new Set<number>(),
    sku: new Set<number>(),
  };
  const unique = <T>(set: Set<T>, value: T, path: string, what: string) => {
    if (set.has(value)) problems.push(`${path}: duplicate ${what} ${String(value)}`);
    set.add(value);
  };
  seed.tenants.forEach((t, ti) => {
    const at = `tenants[${ti}]`;
    unique(seen.tenant, t.key, `${at}.key`, 'tenant key');
    t.credentials.forEach((c, i) => unique(seen.client, c.clientId, `${at}.credentials[${i}].clientId`, 'client id'));
    const roles = new Set(t.roles.map((r) => r.id));
    t.roles.forEach((r, i) => unique(seen.role, r.id, `${at}.roles[${i}].id`, 'role id'));
    const users = new Set(t.internalUsers.map((u) => u.id));
    t.internalUsers.forEach((u, i) => {
      unique(seen.user, u.id, `${at}.internalUsers[${i}].id`, 'internal user id');
      if (!roles.has(u.roleId)) problems.push(`${at}.internalUsers[${i}].roleId: no role ${u.roleId} in this tenant`);
    });
    if (t.internalUsers.filter((u) => u.defaultSalesperson).length > 1) {
      problems.push(`${at}.internalUsers: more than one user has defaultSalesperson: true`);
    }
    const categories = new Map(t.productCategories.map((c) => [c.id, c]));
    t.productCategories.forEach((c, i) => {
      unique(seen.category, c.id, `${at}.productCategories[${i}].id`, 'category id');
      if (c.parentId != null && !categories.has(c.parentId)) {
        problems.push(`${at}.productCategories[${i}].parentId: no category ${c.parentId} in this tenant`);
      }
    });
    const companies = new Set(t.companies.map((c) => c.id));
    t.companies.forEach((c, i) => {
      unique(seen.company, c.id, `${at}.companies[${i}].id`, 'company id');
      if (!users.has(c.internalUserId))
        problems.push(`${at}.companies[${i}].internalUserId: no internal user ${c.internalUserId} in this tenant`);
    });
    const products = new Set(t.products.map((p) => p.id));
    t.products.forEach((p, i) => {
      unique(seen.product, p.id, `${at}.products[${i}].id`, 'product id');
      if (!categories.has(p.productCategoryId))
        problems.push(`${at}.products[${i}].productCategoryId: no category ${p.productCategoryId} in this tenant`);
    });
    const skus = new Set(t.skus.map((s) => s.id));
    t.skus.forEach((s, i) => {
      unique(seen.sku, s.id, `${at}.skus[${i}].id`, 'SKU id');
      if (!products.has(s.productId))
        problems.push(`${at}.skus[${i}].productId: no product ${s.productId} in this tenant`);
    });
    t.bundles.forEach((b, i) => {
      unique(seen.product, b.id, `${at}.bundles[${i}].id`, 'product id');
      unique(seen.sku, b.skuId, `${at}.bundles[${i}].skuId`, 'SKU id');
      if (!categories.has(b.productCategoryId))
        problems.push(`${at}.bundles[${i}].productCategoryId: no category ${b.productCategoryId} in this tenant`);
      b.components.forEach((comp, j) => {
        if (!skus.has(comp.componentSkuId))
          problems.push(
            `${at}.bundles[${i}].components[${j}].componentSkuId: no SKU ${comp.componentSkuId} in this tenant`,
          );
      });
    });
    t.creditQuotas.forEach((q, i) => {
      if (!companies.has(q.companyId))
        problems.push(`${at}.creditQuotas[${i}].companyId: no company ${q.companyId} in this tenant`);
    });
    t.pointQuotas.forEach((q, i) => {
      if (!companies.has(q.companyId))
        problems.push(`${at}.pointQuotas[${i}].companyId: no company ${q.companyId} in this tenant`);
    });
  });
  return problems;
}
