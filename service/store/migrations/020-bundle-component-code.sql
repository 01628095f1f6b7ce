-- Bundle recipes name components by ERP code: an exact match, case-insensitive, ignoring surrounding
-- whitespace, among the tenant's non-bundle SKUs (service/domain/bundle-write.ts). Without this index every
-- coded component scans all SKUs of the tenant.
create index skus_component_code on skus (tenant_id, lower(btrim(outer_sys_code))) where not is_bundle;
