-- The whole schema of the reference service, parts 1 and 2 (see shared/design.md). Identical on PGlite and Postgres.
-- Money and quantities are numeric(20,4); timestamps carry millisecond precision and are written by the app clock.

create table tenants (
  id bigserial primary key,
  key text not null unique,
  name text not null default ''
);

create table credentials (
  client_id text primary key,
  tenant_id bigint not null references tenants(id),
  secret text not null,
  status text not null check (status in ('active', 'pending', 'revoked')),
  -- '["*"]' for every operation, else a list of operation ids such as "GET /v1/companies".
  operations jsonb not null,
  rate_limit_per_second numeric null
);

-- Replay protection shared by every instance on the same database (contract §1: at least 600 s).
create table nonces (
  client_id text not null,
  nonce text not null,
  seen_at timestamptz not null,
  primary key (client_id, nonce)
);
create index nonces_seen_at on nonces (seen_at);

create table roles (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  name text not null default '',
  is_admin boolean not null default false
);
create index roles_tenant on roles (tenant_id, id);

create table internal_users (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  account text not null,
  name text not null default '',
  email text not null default '',
  password_hash text not null,
  role_id bigint not null references roles(id),
  status text not null default 'Active',
  outer_sys_code text not null default '',
  is_default_salesperson boolean not null default false,
  session_epoch integer not null default 0,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index internal_users_tenant on internal_users (tenant_id, id);
create index internal_users_account on internal_users (tenant_id, account);

create table product_categories (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  name text not null default '',
  parent_id bigint null references product_categories(id)
);
create index product_categories_tenant on product_categories (tenant_id, id);

create table companies (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  outer_sys_code text not null default '',
  name text not null default '',
  short_name text not null default '',
  cell_phone text not null default '',
  shipping_address text not null default '',
  internal_user_id bigint not null references internal_users(id),
  status text not null default 'Active',
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index companies_tenant on companies (tenant_id, id);
create index companies_code on companies (tenant_id, outer_sys_code);
create index companies_updated on companies (tenant_id, updated_at);

-- A bundle is a products row with is_bundle plus one paired skus row with is_bundle.
create table products (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  outer_sys_code text not null default '',
  name text not null default '',
  product_category_id bigint not null references product_categories(id),
  status text not null default 'Active',
  is_bundle boolean not null default false,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index products_tenant on products (tenant_id, is_bundle, id);
create index products_code on products (tenant_id, outer_sys_code);
create index products_updated on products (tenant_id, updated_at);

create table skus (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  product_id bigint not null references products(id),
  outer_sys_code text not null default '',
  name text not null default '',
  barcode text not null default '',
  warehouse text not null default '',
  unit text not null default '',
  spec text not null default '',
  price numeric(20,4) not null default 0,
  sell_price numeric(20,4) not null default 0,
  quantity_precision integer not null default 0,
  status text not null default 'Active',
  is_bundle boolean not null default false,
  inventory_qty numeric(20,4) not null default 0,
  reserved_qty numeric(20,4) not null default 0,
  -- Other channels keep the database default (true); API-created SKUs set false (contract §4).
  allow_negative_stock boolean not null default true,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index skus_tenant on skus (tenant_id, is_bundle, id);
create index skus_product_code on skus (tenant_id, product_id, outer_sys_code);
create index skus_barcode on skus (tenant_id, barcode);
create index skus_updated on skus (tenant_id, updated_at);

create table bundle_components (
  id bigserial primary key,
  tenant_id bigint not null references tenants(id),
  bundle_product_id bigint not null references products(id) on delete cascade,
  component_sku_id bigint not null references skus(id),
  quantity numeric(20,4) not null,
  sort integer not null default 0,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index bundle_components_bundle on bundle_components (bundle_product_id, sort, id);
create index bundle_components_component on bundle_components (tenant_id, component_sku_id);

create table credit_quotas (
  company_id bigint primary key references companies(id),
  tenant_id bigint not null references tenants(id),
  credit_amount numeric(20,4) not null default 0,
  pending_amount numeric(20,4) not null default 0,
  enabled boolean not null default false,
  memo text not null default '',
  updated_at timestamptz null
);

create table point_quotas (
  company_id bigint primary key references companies(id),
  tenant_id bigint not null references tenants(id),
  balance numeric(20,4) not null default 0,
  enabled boolean not null default true,
  memo text not null default '',
  updated_at timestamptz null
);

-- Case-insensitive substring filters (ILIKE '%…%') stay fast at 100,000 rows with trigram indexes.
-- pg_trgm is optional: a server without postgresql-contrib still migrates, with plain scans.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is not available; substring filters will scan';
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index companies_name_trgm on companies using gin (name gin_trgm_ops)';
    execute 'create index companies_code_trgm on companies using gin (outer_sys_code gin_trgm_ops)';
    execute 'create index products_name_trgm on products using gin (name gin_trgm_ops)';
    execute 'create index products_code_trgm on products using gin (outer_sys_code gin_trgm_ops)';
    execute 'create index skus_name_trgm on skus using gin (name gin_trgm_ops)';
    execute 'create index skus_code_trgm on skus using gin (outer_sys_code gin_trgm_ops)';
    execute 'create index internal_users_account_trgm on internal_users using gin (account gin_trgm_ops)';
    execute 'create index internal_users_name_trgm on internal_users using gin (name gin_trgm_ops)';
    execute 'create index internal_users_code_trgm on internal_users using gin (outer_sys_code gin_trgm_ops)';
    execute 'create index product_categories_name_trgm on product_categories using gin (name gin_trgm_ops)';
  end if;
end
$$;
