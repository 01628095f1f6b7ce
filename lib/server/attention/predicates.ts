import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import {
  FULL_WIDTH_PATTERN,
  NEAR_LIMIT_SHARE,
  PRICE_JUMP_DAYS,
  PRICE_JUMP_SHARE,
  SPACING_PATTERN,
  type RuleId,
} from '@/lib/contract/attention';

/**
 * Each rule's test as SQL over the mirror (lib/contract/attention/rules.ts says what each one means). A test
 * selects (record_id, values): the records that break the rule now, with the offending values. `scope` narrows
 * it to some of the rule's records (their ids, as text); null: every record (a full evaluation).
 */
export type Scope = readonly string[] | null;
export type Test = (scope: Scope) => RawBuilder<{ record_id: string; values: unknown }>;

const within = (column: RawBuilder<unknown>, scope: Scope) =>
  scope === null ? sql`true` : sql`${column} = any(${[...scope]}::bigint[])`;

const active = (alias: string) => sql.raw(`${alias}.status = 'Active' and ${alias}.vanished_at is null`);
const held = (alias: string) => sql.raw(`${alias}.vanished_at is null`);

/** Credit control on (the company's credit quota `enabled`). */
const creditOn = sql`coalesce((q.record->'credit'->>'enabled')::boolean, false)`;

/** The offending text fields of a SKU, null where the field is fine. */
const textValues = (pattern: string) => sql`jsonb_strip_nulls(jsonb_build_object(
  'outerSysCode', case when s.code ~ ${pattern} then s.code end,
  'name', case when s.name ~ ${pattern} then s.name end))`;

/** The newest outside change of each SKU price field in the window, for the price-jump rule. */
const lastPriceChanges = (scope: Scope) => sql`
  select distinct on (c.record_id, d->>'field') c.record_id, d->>'field' as field, d->'from' as from_value,
    d->'to' as to_value, c.at
  from audit_change c cross join lateral jsonb_array_elements(c.changes) as d
  where c.source = 'outside' and c.record_type = 'skus' and c.at > now() - make_interval(days => ${PRICE_JUMP_DAYS})
    and jsonb_typeof(c.changes) = 'array' and d->>'field' in ('price', 'sellPrice')
    and ${scope === null ? sql`true` : sql`c.record_id = any(${[...scope]}::text[])`}
  order by c.record_id, d->>'field', c.at desc, c.id desc`;

export const TESTS: Record<RuleId, Test> = {
  // barcode_gs1_ok: the check digit as judged when the SKU was written (migration 0400, attention_gs1_valid).
  'sku-barcode-check-digit': (scope) => sql`
    select s.id::text as record_id, jsonb_build_object('barcode', s.barcode) as values from mirror_sku s
    where ${held('s')} and ${within(sql`s.id`, scope)} and s.barcode_gs1_ok = false`,

  // The barcodes held by two or more active SKUs first (one grouped pass, or the scope's barcodes only), then
  // their SKUs, each with the codes of the others.
  'sku-barcode-shared': (scope) => sql`
    with shared as (
      select o.barcode from mirror_sku o
      where ${active('o')} and o.barcode is not null and btrim(o.barcode) <> ''
        and ${scope === null ? sql`true` : sql`o.barcode in (select x.barcode from mirror_sku x where x.id = any(${[...scope]}::bigint[]))`}
      group by o.barcode having count(*) > 1
    )
    select s.id::text as record_id, jsonb_build_object('barcode', s.barcode, 'otherSkus',
      (select jsonb_agg(coalesce(o.code, o.id::text) order by o.id) from mirror_sku o
       where o.barcode = s.barcode and o.id <> s.id and ${active('o')})) as values
    from shared join mirror_sku s on s.barcode = shared.barcode
    where ${active('s')} and ${within(sql`s.id`, scope)}`,

  'sku-no-sell-price': (scope) => sql`
    select s.id::text as record_id, jsonb_build_object('sellPrice', s.sell_price) as values from mirror_sku s
    where ${active('s')} and ${within(sql`s.id`, scope)} and coalesce(s.sell_price, 0) = 0`,

  'sku-sell-above-list': (scope) => sql`
    select s.id::text as record_id, jsonb_build_object('sellPrice', s.sell_price, 'price', s.price) as values
    from mirror_sku s
    where ${active('s')} and ${within(sql`s.id`, scope)} and s.price > 0 and s.sell_price > s.price`,

  'sku-text-spacing': (scope) => sql`
    select s.id::text as record_id, ${textValues(SPACING_PATTERN)} as values from mirror_sku s
    where ${held('s')} and ${within(sql`s.id`, scope)} and (s.code ~ ${SPACING_PATTERN} or s.name ~ ${SPACING_PATTERN})`,

  'sku-text-full-width': (scope) => sql`
    select s.id::text as record_id, ${textValues(FULL_WIDTH_PATTERN)} as values from mirror_sku s
    where ${held('s')} and ${within(sql`s.id`, scope)}
      and (s.code ~ ${FULL_WIDTH_PATTERN} or s.name ~ ${FULL_WIDTH_PATTERN})`,

  // A jump still shows the value it jumped to: a price corrected since (by anyone) resolves the finding.
  'sku-price-jump': (scope) => sql`
    select distinct on (j.record_id) j.record_id,
      jsonb_build_object('field', j.field, 'from', j.from_value, 'to', j.to_value, 'at', j.at) as values
    from (${lastPriceChanges(scope)}) j join mirror_sku s on s.id = j.record_id::bigint and ${held('s')}
    where jsonb_typeof(j.from_value) = 'number' and jsonb_typeof(j.to_value) = 'number'
      and (j.from_value)::numeric <> 0
      and abs((j.to_value)::numeric - (j.from_value)::numeric) > ${PRICE_JUMP_SHARE} * abs((j.from_value)::numeric)
      and (j.to_value)::numeric = case j.field when 'price' then s.price else s.sell_price end
    order by j.record_id, j.at desc`,

  // A component is unusable when no SKU has its id, the SKU is not active, or the SKU is a bundle's own SKU.
  'bundle-component-unusable': (scope) => sql`
    select b.id::text as record_id, jsonb_build_object('components', jsonb_agg(jsonb_build_object(
        'sku', coalesce(s.code, c->>'componentSkuOuterSysCode', c->>'componentSkuId'),
        'problem', case when s.id is null then 'missing' when ib.id is not null then 'bundle' else 'inactive' end)
      order by c->>'componentSkuId')) as values
    from mirror_bundle b cross join lateral jsonb_array_elements(b.record->'components') as c
    left join mirror_sku s on s.id = (c->>'componentSkuId')::bigint and ${held('s')}
    left join lateral (select x.id from mirror_bundle x where x.sku_id = (c->>'componentSkuId')::bigint
      and ${held('x')} limit 1) ib on true
    where ${active('b')} and ${within(sql`b.id`, scope)} and jsonb_typeof(b.record->'components') = 'array'
      and (s.id is null or s.status <> 'Active' or ib.id is not null)
    group by b.id`,

  // The limiting component: the one of which the stock makes the fewest bundles.
  'bundle-none-available': (scope) => sql`
    select b.id::text as record_id, jsonb_build_object('availableQty', b.available_qty, 'limitingSku',
      (select coalesce(s.code, c->>'componentSkuOuterSysCode') from jsonb_array_elements(b.record->'components') as c
       left join mirror_sku s on s.id = (c->>'componentSkuId')::bigint
       order by coalesce(floor(s.inventory_qty / nullif((c->>'quantity')::numeric, 0)), -1), c->>'componentSkuId'
       limit 1)) as values
    from mirror_bundle b where ${active('b')} and ${within(sql`b.id`, scope)} and b.available_qty <= 0`,

  // Only once the categories are copied: an empty copy would make every product's category "missing".
  'product-category-missing': (scope) => sql`
    select p.id::text as record_id, jsonb_build_object('productCategoryId', p.product_category_id) as values
    from mirror_product p
    where ${held('p')} and ${within(sql`p.id`, scope)} and p.product_category_id is not null
      and exists (select 1 from mirror_product_category)
      and not exists (select 1 from mirror_product_category c where c.id = p.product_category_id and ${held('c')})`,

  'company-salesperson': (scope) => sql`
    select c.id::text as record_id, jsonb_build_object('internalUserId', nullif(c.internal_user_id, 0),
      'salespersonStatus', case when coalesce(c.internal_user_id, 0) = 0 then 'none' when u.id is null then 'unknown'
        else u.status end) as values
    from mirror_company c left join mirror_internal_user u on u.id = c.internal_user_id and ${held('u')}
    where ${active('c')} and ${within(sql`c.id`, scope)} and exists (select 1 from mirror_internal_user)
      and (u.id is null or u.status <> 'Active')`,

  // The Quotas page's "over limit" (available below 0), with credit control on.
  'quota-over-limit': (scope) => sql`
    select q.id::text as record_id,
      jsonb_build_object('creditAmount', q.credit_amount, 'availableAmount', q.available_amount) as values
    from mirror_quota q where ${held('q')} and ${within(sql`q.id`, scope)} and ${creditOn} and q.available_amount < 0`,

  'quota-near-limit': (scope) => sql`
    select q.id::text as record_id,
      jsonb_build_object('creditAmount', q.credit_amount, 'availableAmount', q.available_amount) as values
    from mirror_quota q where ${held('q')} and ${within(sql`q.id`, scope)} and ${creditOn} and q.credit_amount > 0
      and q.available_amount >= 0 and q.credit_amount - q.available_amount >= ${NEAR_LIMIT_SHARE} * q.credit_amount`,

  'quota-negative-points': (scope) => sql`
    select q.id::text as record_id, jsonb_build_object('balance', q.point_balance) as values
    from mirror_quota q where ${held('q')} and ${within(sql`q.id`, scope)} and q.point_balance < 0`,

  // The workbench's queue: rows held back by the check or failed, not sent again since (a resend changes the status).
  'import-rows-waiting': (scope) => sql`
    select r.import_id::text as record_id, jsonb_build_object(
      'notSent', count(*) filter (where r.status = 'not_sent'), 'failed', count(*) filter (where r.status = 'failed')) as values
    from import_row r join import i on i.id = r.import_id
    where r.status in ('not_sent', 'failed') and i.state <> 'uploading' and ${within(sql`r.import_id`, scope)}
    group by r.import_id`,
};
