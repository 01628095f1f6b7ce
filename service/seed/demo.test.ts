import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charLength, explainAvailableQty, LIMITS, OPERATIONS, seedFile } from '@/lib/contract';
import { gs1CheckDigitValid } from '@/lib/contract/attention';
import { createService, type Service } from '../app';
import { call } from '../testing/client';
import { DEMO_SEED_PATH, generateDemoSeed, serialiseSeed } from './generate-demo';

const raw = readFileSync(DEMO_SEED_PATH, 'utf8');
const seed = seedFile.parse(JSON.parse(raw));
const [formosa, acme] = seed.tenants;

function decimals(n: number): number {
  const s = String(n);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
}

describe('demo seed', () => {
  it('is the committed output of the generator and stays under 1 MB', () => {
    expect(serialiseSeed(generateDemoSeed())).toBe(raw);
    expect(statSync(DEMO_SEED_PATH).size).toBeLessThan(1024 * 1024);
  });

  it('holds a formosa tenant of the promised size and a small acme tenant', () => {
    expect(formosa?.key).toBe('formosa');
    expect(acme?.key).toBe('acme');
    expect(formosa!.companies.length).toBeGreaterThanOrEqual(200);
    expect(formosa!.products).toHaveLength(80);
    expect(formosa!.skus).toHaveLength(500);
    expect(formosa!.bundles).toHaveLength(30);
    expect(formosa!.internalUsers.length).toBeGreaterThanOrEqual(12);
    expect(formosa!.companies.every((c) => /^C\d{5}$/.test(c.outerSysCode))).toBe(true);
  });

  it('carries the exact demo credentials', () => {
    expect(formosa!.credentials).toEqual([
      { clientId: 'demo-erp', secret: 'demo-erp-secret', status: 'active', operations: '*' },
      {
        clientId: 'demo-reader',
        secret: 'demo-reader-secret',
        status: 'active',
        operations: OPERATIONS.filter((op) => op.startsWith('GET ')),
      },
      { clientId: 'demo-pending', secret: 'demo-pending-secret', status: 'pending', operations: '*' },
    ]);
    expect(acme!.credentials).toEqual([
      { clientId: 'acme-erp', secret: 'acme-erp-secret', status: 'active', operations: '*' },
    ]);
  });

  it('uses ids unique across tenants, with bundles in the product and SKU id spaces', () => {
    const all = seed.tenants;
    const unique = (ids: number[]) => expect(new Set(ids).size).toBe(ids.length);
    unique(all.flatMap((t) => t.roles.map((r) => r.id)));
    unique(all.flatMap((t) => t.internalUsers.map((u) => u.id)));
    unique(all.flatMap((t) => t.productCategories.map((c) => c.id)));
    unique(all.flatMap((t) => t.companies.map((c) => c.id)));
    unique(all.flatMap((t) => [...t.products.map((p) => p.id), ...t.bundles.map((b) => b.id)]));
    unique(all.flatMap((t) => [...t.skus.map((s) => s.id), ...t.bundles.map((b) => b.skuId)]));
  });

  it('keeps every reference inside its own tenant and every text within its limit', () => {
    for (const t of seed.tenants) {
      const users = new Set(t.internalUsers.map((u) => u.id));
      const roles = new Set(t.roles.map((r) => r.id));
      const leafCategories = new Set(t.productCategories.filter((c) => c.parentId !== null).map((c) => c.id));
      const productIds = new Set(t.products.map((p) => p.id));
      const skuIds = new Set(t.skus.map((s) => s.id));
      const companyIds = new Set(t.companies.map((c) => c.id));
      expect(t.internalUsers.filter((u) => u.defaultSalesperson)).toHaveLength(1);
      expect(t.roles.some((r) => r.isAdmin)).toBe(true);
      for (const u of t.internalUsers) {
        expect(roles.has(u.roleId)).toBe(true);
        expect(charLength(u.name)).toBeLessThanOrEqual(LIMITS.internalUser.name);
        expect(charLength(u.account)).toBeLessThanOrEqual(LIMITS.internalUser.account);
        expect(u.password.length).toBeGreaterThanOrEqual(LIMITS.internalUser.passwordMin);
      }
      for (const c of t.companies) {
        expect(users.has(c.internalUserId)).toBe(true);
        for (const key of ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress'] as const) {
          expect(charLength(c[key]), `${c.outerSysCode}.${key}`).toBeLessThanOrEqual(LIMITS.company[key]);
        }
      }
      for (const p of [...t.products, ...t.bundles]) {
        expect(leafCategories.has(p.productCategoryId)).toBe(true);
        expect(charLength(p.name)).toBeLessThanOrEqual(LIMITS.product.name);
      }
      for (const s of t.skus) {
        expect(productIds.has(s.productId)).toBe(true);
        for (const key of ['outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec'] as const) {
          expect(charLength(s[key])).toBeLessThanOrEqual(LIMITS.sku[key]);
        }
        expect(decimals(s.inventoryQty)).toBeLessThanOrEqual(s.quantityPrecision);
        expect(decimals(s.reservedQty)).toBeLessThanOrEqual(s.quantityPrecision);
        expect(s.reservedQty).toBeLessThanOrEqual(Math.max(s.inventoryQty, 1) + 1);
      }
      for (const b of t.bundles) {
        expect(b.components.length).toBeGreaterThanOrEqual(2);
        expect(b.components.length).toBeLessThanOrEqual(5);
        const ids = b.components.map((c) => c.componentSkuId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const c of b.components) {
          expect(skuIds.has(c.componentSkuId)).toBe(true);
          expect(decimals(c.quantity)).toBeLessThanOrEqual(4);
        }
        expect(charLength(b.spec)).toBeLessThanOrEqual(LIMITS.bundle.spec);
      }
      for (const q of [...t.creditQuotas, ...t.pointQuotas]) {
        expect(companyIds.has(q.companyId)).toBe(true);
        expect(charLength(q.memo)).toBeLessThanOrEqual(LIMITS.memo);
      }
    }
  });

  it('exercises the subtle cases: fractional stock and recipes, negative-stock SKUs, over-limit credit, inactive records', () => {
    const t = formosa!;
    expect(t.skus.some((s) => s.quantityPrecision > 0 && !Number.isInteger(s.inventoryQty))).toBe(true);
    expect(t.skus.some((s) => s.reservedQty > 0)).toBe(true);
    expect(t.skus.some((s) => s.allowNegativeStock)).toBe(true);
    expect(t.skus.some((s) => s.status === 'Inactive')).toBe(true);
    expect(['箱', '瓶', '包', 'kg'].every((u) => t.skus.some((s) => s.unit === u))).toBe(true);
    expect(t.bundles.some((b) => b.components.some((c) => c.quantity === 0.5 || c.quantity === 0.25))).toBe(true);
    expect(t.creditQuotas.some((q) => q.pendingAmount > q.creditAmount)).toBe(true);
    expect(t.pointQuotas.some((q) => q.balance === 0)).toBe(true);
    expect(t.companies.some((c) => c.status === 'Inactive')).toBe(true);
    // Barcodes are EAN-13 with a valid check digit, but the three "Needs attention" finds (demo-attention.ts).
    const barcodes = t.skus.filter((s) => s.barcode !== '').map((s) => s.barcode);
    expect(barcodes.every((b) => b.length === 13)).toBe(true);
    expect(barcodes.filter((b) => !gs1CheckDigitValid(b))).toHaveLength(3);
  });
});

describe('demo seed in the service', () => {
  let service: Service;
  const erp = { creds: { clientId: 'demo-erp', secret: 'demo-erp-secret' } };
  const reader = { creds: { clientId: 'demo-reader', secret: 'demo-reader-secret' } };

  beforeAll(async () => {
    service = await createService({ memory: true, seed: DEMO_SEED_PATH });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers each demo credential as documented', async () => {
    expect((await call(service, 'GET', '/v1/bundles?pageSize=1', undefined, reader)).status).toBe(200);
    expect(await call(service, 'POST', '/v1/bundles', {}, reader)).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
    const pending = { creds: { clientId: 'demo-pending', secret: 'demo-pending-secret' } };
    expect((await call(service, 'GET', '/v1/bundles', undefined, pending)).status).toBe(401);
    const acmeErp = { creds: { clientId: 'acme-erp', secret: 'acme-erp-secret' } };
    expect((await call(service, 'GET', '/v1/bundles', undefined, acmeErp)).body.totalCount).toBe(acme!.bundles.length);
  });

  it("computes every demo bundle's availableQty as the exact rule does from the seeded stock", async () => {
    const res = await call(service, 'GET', '/v1/bundles?pageSize=100', undefined, erp);
    expect(res.body.totalCount).toBe(30);
    const skus = new Map(formosa!.skus.map((s) => [s.id, s]));
    const figures = res.body.data.map((b: { id: number; availableQty: number }) => {
      const recipe = formosa!.bundles.find((x) => x.id === b.id)!.components;
      const expected = explainAvailableQty(
        recipe.map((c) => ({ ...skus.get(c.componentSkuId)!, quantity: c.quantity })),
      ).availableQty;
      return [b.availableQty, expected];
    });
    for (const [got, expected] of figures) expect(got).toBe(expected);
    // The demo shows both a bundle that can be assembled and one that cannot.
    expect(figures.some(([got]: number[]) => got! > 0)).toBe(true);
    expect(figures.some(([got]: number[]) => got === 0)).toBe(true);
  });

  it('shows an over-limit customer with a negative available credit and keeps its only administrator', async () => {
    const over = formosa!.creditQuotas.find((q) => q.pendingAmount > q.creditAmount)!;
    const credit = await call(service, 'GET', `/v1/companies/${over.companyId}/credit-quota`, undefined, erp);
    expect(credit.body.availableAmount).toBeLessThan(0);
    const admin = formosa!.internalUsers.find((u) => u.account === 'admin')!;
    expect(await call(service, 'PUT', `/v1/internal-users/${admin.id}`, { status: 'Inactive' }, erp)).toMatchObject({
      status: 409,
      body: { error: 'last_active_admin' },
    });
  });
});
