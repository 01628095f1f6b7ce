import type { Role } from '../roles';
import { hasBadSpacing, hasFullWidth } from './text';

/**
 * "Needs attention" (issue 43): the rules the console checks on its own copy of the master data, written once.
 * Each rule's test is a SQL predicate over the mirror (lib/server/attention/predicates.ts, one per id here, the
 * type checker holding the two lists equal); its words live in the catalogues under `attention.rules.<id>`
 * (title, what a finding means, the fix), in English and Traditional Chinese.
 *
 * Adding a rule: add it here and its predicate there, then raise RULES_VERSION so every instance runs a full
 * evaluation once (the findings of the new rule exist before anyone opens the home).
 */

/** What a finding is about: the kind of record, which is also its page's first path segment. */
export const ATTENTION_RESOURCES = ['skus', 'bundles', 'products', 'companies', 'imports'] as const;
export type AttentionResource = (typeof ATTENTION_RESOURCES)[number];

/** Most severe first: the home sorts cards by this order, then by count. */
export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * The fix a finding offers, as a kind the screens turn into a link: the record's edit form, the SKU page's price
 * panel, the bundle's recipe editor (on its page), an import's fix grid (the workbench), the quota edit of one
 * company. Each opens with the rule's field focused (`focus` below, the `?focus=` of the link).
 */
export const FIX_KINDS = ['edit-record', 'price', 'recipe', 'fix-grid', 'quota-edit'] as const;
export type FixKind = (typeof FIX_KINDS)[number];

export interface AttentionRule {
  resource: AttentionResource;
  severity: Severity;
  /** The roles whose home shows the rule (its card, its count in the navigation). */
  roles: readonly Role[];
  fix: FixKind;
  /**
   * The field the fix lands on, focused: the first of these, or (several) the first whose value the finding
   * faults (fixFocus). A field of the fix's own screen: the form's field, the price, the recipe's components, the
   * quota's amount, the import's rows.
   */
  focus: readonly [string, ...string[]];
  /**
   * The record's fields the rule reads: a finding accepted with some values reopens by itself when any of these
   * changes. Also the offending values shown beside the record.
   */
  fields: readonly string[];
}

const everyone = ['viewer', 'steward', 'manager', 'admin'] as const;
const editors = ['steward', 'admin'] as const;

/** A SKU's code or name typed wrong (text.ts): fixed in the edit form, the code first. */
const skuTextRule = (severity: Severity) =>
  ({
    resource: 'skus',
    severity,
    roles: editors,
    fix: 'edit-record',
    focus: ['outerSysCode', 'name'],
    fields: ['outerSysCode', 'name'],
  }) as const;

export const ATTENTION_RULES = {
  /** A barcode of GS1 length (8, 12, 13, 14 digits) whose last digit is not its mod-10 check digit. */
  'sku-barcode-check-digit': {
    resource: 'skus',
    severity: 'high',
    roles: editors,
    fix: 'edit-record',
    focus: ['barcode'],
    fields: ['barcode'],
  },
  /** Two or more active SKUs with the same barcode (every one of them is a finding). */
  'sku-barcode-shared': {
    resource: 'skus',
    severity: 'high',
    roles: editors,
    fix: 'edit-record',
    focus: ['barcode'],
    fields: ['barcode', 'otherSkus'],
  },
  /** An active SKU with no sell price or a sell price of 0. */
  'sku-no-sell-price': {
    resource: 'skus',
    severity: 'high',
    roles: editors,
    fix: 'price',
    focus: ['sellPrice'],
    fields: ['sellPrice'],
  },
  /** A sell price above the list price (`price`). */
  'sku-sell-above-list': {
    resource: 'skus',
    severity: 'medium',
    roles: editors,
    fix: 'price',
    focus: ['sellPrice'],
    fields: ['sellPrice', 'price'],
  },
  /** A code or name with spaces at either end or two in a row. */
  'sku-text-spacing': skuTextRule('low'),
  /** A code or name with full-width letters or digits (Ｓ０００１). */
  'sku-text-full-width': skuTextRule('medium'),
  /** A price changed outside the console by more than half in one change, in the last 7 days. */
  'sku-price-jump': {
    resource: 'skus',
    severity: 'medium',
    roles: editors,
    fix: 'price',
    focus: ['price', 'sellPrice'],
    fields: ['field', 'from', 'to', 'at'],
  },
  /** An active bundle with a component that is inactive, no longer exists, or is itself a bundle. */
  'bundle-component-unusable': {
    resource: 'bundles',
    severity: 'high',
    roles: editors,
    fix: 'recipe',
    focus: ['components'],
    fields: ['components'],
  },
  /** An active bundle of which none can be assembled, with the component that limits it. */
  'bundle-none-available': {
    resource: 'bundles',
    severity: 'medium',
    roles: everyone,
    fix: 'recipe',
    focus: ['components'],
    fields: ['availableQty', 'limitingSku'],
  },
  /** A product whose category no longer exists. */
  'product-category-missing': {
    resource: 'products',
    severity: 'medium',
    roles: editors,
    fix: 'edit-record',
    focus: ['productCategoryId'],
    fields: ['productCategoryId'],
  },
  /** A company with no salesperson, or an inactive or unknown one. */
  'company-salesperson': {
    resource: 'companies',
    severity: 'medium',
    roles: editors,
    fix: 'edit-record',
    focus: ['internalUserId'],
    fields: ['internalUserId', 'salespersonStatus'],
  },
  /** Credit control on and the available amount below 0 (the Quotas page's "over limit"). */
  'quota-over-limit': {
    resource: 'companies',
    severity: 'high',
    roles: everyone,
    fix: 'quota-edit',
    focus: ['creditAmount'],
    fields: ['creditAmount', 'availableAmount'],
  },
  /** Credit control on, not over the limit, and 90 % or more of the credit used. */
  'quota-near-limit': {
    resource: 'companies',
    severity: 'low',
    roles: everyone,
    fix: 'quota-edit',
    focus: ['creditAmount'],
    fields: ['creditAmount', 'availableAmount'],
  },
  /** A point balance below 0. */
  'quota-negative-points': {
    resource: 'companies',
    severity: 'medium',
    roles: everyone,
    fix: 'quota-edit',
    focus: ['balance'],
    fields: ['balance'],
  },
  /** An import with rows not sent, or failed and not resent since (the workbench's queue). */
  'import-rows-waiting': {
    resource: 'imports',
    severity: 'medium',
    roles: editors,
    fix: 'fix-grid',
    focus: ['rows'],
    fields: ['notSent', 'failed'],
  },
} as const satisfies Record<string, AttentionRule>;

export type RuleId = keyof typeof ATTENTION_RULES;
export const RULE_IDS = Object.keys(ATTENTION_RULES) as [RuleId, ...RuleId[]];

/** Raised when a rule is added or its test changes: each instance then evaluates every rule in full once. */
export const RULES_VERSION = 1;

/** Credit used from this share of the limit on is "near the limit". */
export const NEAR_LIMIT_SHARE = 0.9;
/** A price change outside the console of more than this share of the old price is a jump. */
export const PRICE_JUMP_SHARE = 0.5;
export const PRICE_JUMP_DAYS = 7;
/** Daily counts are kept this long; the home's trend shows the last TREND_DAYS of them. */
export const DAILY_COUNTS_KEPT_DAYS = 90;
export const TREND_DAYS = 7;
/** The home shows at most this many cards; the rest are under "More". */
export const HOME_CARDS_SHOWN = 8;

export function isRuleId(value: unknown): value is RuleId {
  return typeof value === 'string' && Object.hasOwn(ATTENTION_RULES, value);
}

/** The operation of a finding's History entry: `attention <rule>`, so History and the audit log can name the rule. */
export const attentionOperation = (rule: RuleId) => `attention ${rule}`;

/** The rule a finding's History entry is about, from its operation; null for any other entry. */
export function ruleOfOperation(operation: string | null | undefined): RuleId | null {
  const rule = operation?.startsWith('attention ') ? operation.slice('attention '.length) : null;
  return isRuleId(rule) ? rule : null;
}

export function ruleSeenBy(rule: RuleId, role: Role): boolean {
  return (ATTENTION_RULES[rule].roles as readonly Role[]).includes(role);
}

export function rulesSeenBy(role: Role): RuleId[] {
  return RULE_IDS.filter((rule) => ruleSeenBy(rule, role));
}

/** The catalogue keys of a rule's words (messages/<locale>/attention.json). */
export function ruleMessageKeys(rule: RuleId) {
  const base = `attention.rules.${rule}` as const;
  return { title: `${base}.title`, description: `${base}.description`, fix: `${base}.fix` } as const;
}

/** The fix link's parameter naming the field its screen focuses (FOCUS_PARAM=field). */
export const FOCUS_PARAM = 'focus';

/**
 * The field a finding's fix lands on: the rule's one field, or of several the one the finding's values fault (a
 * code or a name with bad spacing or full-width characters, the price that jumped); the first when none says.
 */
export function fixFocus(rule: RuleId, values: Readonly<Record<string, unknown>> = {}): string {
  const fields: readonly string[] = ATTENTION_RULES[rule].focus;
  const faulted = (test: (text: string | null) => boolean) =>
    fields.find((field) => test(typeof values[field] === 'string' ? values[field] : null));
  const chosen =
    rule === 'sku-text-spacing'
      ? faulted(hasBadSpacing)
      : rule === 'sku-text-full-width'
        ? faulted(hasFullWidth)
        : rule === 'sku-price-jump'
          ? fields.find((field) => field === values.field)
          : undefined;
  return chosen ?? fields[0]!;
}

/**
 * Where a finding's fix is, with its field focused (issue 62 point 3): the record's edit form, the SKU page's price
 * panel, the recipe editor on the bundle's page, the import's fix grid, the Quotas page with the one company's
 * edit open.
 */
export function fixHref(rule: RuleId, recordId: string | number, values?: Readonly<Record<string, unknown>>): string {
  const { fix, resource } = ATTENTION_RULES[rule];
  const id = encodeURIComponent(String(recordId));
  const focus = `${FOCUS_PARAM}=${encodeURIComponent(fixFocus(rule, values))}`;
  switch (fix) {
    case 'edit-record':
      return `/${resource}/${id}/edit?${focus}`;
    case 'price':
    case 'recipe':
    case 'fix-grid':
      return `/${resource}/${id}?${focus}`;
    case 'quota-edit':
      return rule === 'quota-negative-points'
        ? `/quotas?tab=points&company=${id}&${focus}`
        : `/quotas?company=${id}&${focus}`;
  }
}

/**
 * Where a list page shows exactly a rule's records, with its own totals: over the limit is the Quotas page's "over
 * limit" among companies whose credit control is on (the rule leaves out those without control). Null: no such view.
 */
export function listHref(rule: RuleId): string | null {
  return rule === 'quota-over-limit' ? '/quotas?over=1&enabled=yes' : null;
}

/** The record's own page (where its findings are listed above its details); imports have their results page. */
export function recordHref(resource: AttentionResource, recordId: string | number): string {
  return `/${resource}/${encodeURIComponent(String(recordId))}`;
}
