-- How many SKUs (bundles' own SKUs left out) each tenant has, kept by triggers, so an unfiltered GET /v1/skus
-- page carries its total without counting every SKU: reading a million SKUs 100 a page counted them 10,000
-- times (service/lists.ts runList). Statement triggers with transition tables: a statement inserting many
-- SKUs adds to the count once. A SKU never moves tenant nor becomes a bundle through this service; the row
-- trigger keeps the count right if one is ever changed by hand. A transaction inserting SKUs holds its
-- tenant's count row until it commits, so two of them creating SKUs for one tenant at once finish one after
-- the other (only their inserts wait: updates, reads and other tenants do not).
create table sku_list_count (
  tenant_id bigint primary key references tenants(id),
  n bigint not null
);

create function sku_list_count_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into sku_list_count (tenant_id, n)
      select tenant_id, count(*) from new_rows where not is_bundle group by tenant_id order by tenant_id
    on conflict (tenant_id) do update set n = sku_list_count.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into sku_list_count (tenant_id, n)
      select tenant_id, -count(*) from old_rows where not is_bundle group by tenant_id order by tenant_id
    on conflict (tenant_id) do update set n = sku_list_count.n + excluded.n;
  else
    insert into sku_list_count (tenant_id, n)
      select t, d from (
        select old.tenant_id as t, -1 as d where not old.is_bundle
        union all
        select new.tenant_id, 1 where not new.is_bundle
      ) moved order by t
    on conflict (tenant_id) do update set n = sku_list_count.n + excluded.n;
  end if;
  return null;
end
$$;

create trigger skus_count_insert after insert on skus referencing new table as new_rows for each statement execute function sku_list_count_add();
create trigger skus_count_delete after delete on skus referencing old table as old_rows for each statement execute function sku_list_count_add();
create trigger skus_count_move after update of tenant_id, is_bundle on skus for each row
  when (old.tenant_id is distinct from new.tenant_id or old.is_bundle is distinct from new.is_bundle) execute function sku_list_count_add();

insert into sku_list_count (tenant_id, n) select tenant_id, count(*) from skus where not is_bundle group by tenant_id;
