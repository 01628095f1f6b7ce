-- Nonces are written on every request. An unlogged table commits without a WAL flush, which keeps a
-- durable Postgres from paying an fsync per read. After a server crash the table is emptied; the ±300 s
-- timestamp window still bounds any replay to requests signed in the last five minutes.
alter table nonces set unlogged;

-- A small pending list for trigram indexes: every substring search scans the whole unmerged list, so
-- with the default 4 MB, list latency grew with each batch write until a cleanup. 256 kB keeps bulk
-- inserts fast (fastupdate stays on) and bounds that scan.
do $$
declare
  index_name text;
begin
  foreach index_name in array array[
    'companies_name_trgm', 'companies_code_trgm', 'products_name_trgm', 'products_code_trgm', 'skus_name_trgm',
    'skus_code_trgm', 'internal_users_account_trgm', 'internal_users_name_trgm', 'internal_users_code_trgm',
    'product_categories_name_trgm'
  ] loop
    if exists (select 1 from pg_class where relname = index_name and relkind = 'i') then
      execute format('alter index %I set (gin_pending_list_limit = 256)', index_name);
    end if;
  end loop;
end
$$;
