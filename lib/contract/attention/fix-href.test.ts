import { describe, expect, it } from 'vitest';
import { ATTENTION_RULES, FOCUS_PARAM, RULE_IDS, fixFocus, fixHref } from './rules';

// Issue 62 point 3: a fix link names the field its screen focuses; of several, the one the finding faults.
describe('fix links', () => {
  it.each(RULE_IDS)('%s: the link names one of its fields to focus', (rule) => {
    const href = new URL(fixHref(rule, 7), 'http://console');
    expect(ATTENTION_RULES[rule].focus).toContain(href.searchParams.get(FOCUS_PARAM));
  });

  it('sends a price to the SKU page’s price panel, not to the edit form that has no price', () => {
    expect(fixHref('sku-no-sell-price', 7)).toBe('/skus/7?focus=sellPrice');
    expect(fixHref('sku-sell-above-list', 7)).toBe('/skus/7?focus=sellPrice');
    expect(fixHref('sku-barcode-check-digit', 7)).toBe('/skus/7/edit?focus=barcode');
    expect(fixHref('bundle-component-unusable', 3)).toBe('/bundles/3?focus=components');
    expect(fixHref('quota-negative-points', 5)).toBe('/quotas?tab=points&company=5&focus=balance');
  });

  it('focuses the field the finding faults', () => {
    expect(fixFocus('sku-text-spacing', { outerSysCode: 'S0001', name: 'Green  tea' })).toBe('name');
    expect(fixFocus('sku-text-spacing', { outerSysCode: ' S0001', name: 'Green tea' })).toBe('outerSysCode');
    expect(fixFocus('sku-text-full-width', { outerSysCode: 'S0001', name: 'Ｔea' })).toBe('name');
    expect(fixFocus('sku-price-jump', { field: 'sellPrice', from: 100, to: 10 })).toBe('sellPrice');
    expect(fixFocus('sku-price-jump', { field: 'price', from: 100, to: 10 })).toBe('price');
  });
});
