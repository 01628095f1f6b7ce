import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * The quota snapshot (issue 13): per company, its credit and point quota as last read from /v1 and when.
 * The API answers one company at a time, so the dashboards sort, filter and total this copy instead.
 * Keyed by tenant (the upstream identity), so pointing the console elsewhere never mixes two platforms.
 * Amounts are numeric like upstream's (4 decimals); utilisation is stored to sort and filter on it.
 */
export const quotaSnapshotMigration: Migration = sqlMigration({
  up: [
    sql`
      create table quota_snapshot (
        tenant text not null,
        company_id bigint not null,
        company_code text,
        company_name text,
        credit_amount numeric(24, 4),
        pending_amount numeric(24, 4),
        available_amount numeric(24, 4),
        -- pending / credit; null when the credit amount is 0 (no limit to use up).
        utilisation numeric,
        credit_enabled boolean,
        credit_memo text,
        credit_updated_at timestamptz,
        credit_read_at timestamptz,
        point_balance numeric(24, 4),
        point_enabled boolean,
        point_memo text,
        point_updated_at timestamptz,
        point_read_at timestamptz,
        primary key (tenant, company_id)
      )
    `,
    sql`create index quota_snapshot_available_idx on quota_snapshot (tenant, available_amount)`,
    sql`create index quota_snapshot_utilisation_idx on quota_snapshot (tenant, utilisation)`,
  ],
  down: [sql`drop table if exists quota_snapshot`],
});

export default quotaSnapshotMigration;
