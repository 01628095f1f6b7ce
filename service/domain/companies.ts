import { companyWrite, NO_DEFAULT_SALESPERSON } from '@/lib/contract';
import { validate } from '../http/batch';
import { ItemError } from '../http/errors';
import type { ListSpec } from '../http/lists';
import { findCompany, lockCode, type CompanyRow } from '../http/lookups';
import type { RecordWrite } from '../http/write';

export function companyResponse(r: CompanyRow) {
  return {
    id: r.id,
    outerSysCode: r.outer_sys_code,
    name: r.name,
    shortName: r.short_name,
    cellPhone: r.cell_phone,
    shippingAddress: r.shipping_address,
    internalUserId: r.internal_user_id,
    status: r.status,
  };
}

export const COMPANY_LIST: ListSpec<'companies', CompanyRow> = {
  list: 'companies',
  from: 'companies',
  where: ['tenant_id = $1'],
  select: '*',
  orderBy: 'id',
  filters: {
    outerSysCode: 'outer_sys_code',
    name: 'name',
    internalUserId: 'internal_user_id',
    updatedSince: 'updated_at',
  },
  map: companyResponse,
};

/**
 * Create-or-update of one customer (master-data-api.md "Customer"): an id always updates; otherwise an
 * existing customer with the same outerSysCode is updated; otherwise one is created, Active, with the
 * tenant's default salesperson when internalUserId is omitted. Companies report the first error only.
 */
export const writeCompany: RecordWrite = async (tx, tenantId, input, options) => {
  const { data, errors } = validate(companyWrite, input);
  if (!data) throw new ItemError(errors.slice(0, 1));
  const at = options.now;
  const id = options.pathId ?? data.id ?? null;
  let target: CompanyRow | null = null;
  if (id != null) {
    target = await findCompany(tx, tenantId, id);
    if (!target) throw new ItemError([options.notFound], true);
  } else if (data.outerSysCode) {
    await lockCode(tx, 'companies', tenantId, data.outerSysCode);
    const matches = await tx.query<CompanyRow>(
      'select * from companies where tenant_id = $1 and outer_sys_code = $2 order by id limit 2',
      [tenantId, data.outerSysCode],
    );
    if (matches.length > 1) throw new ItemError(['outer_sys_code_ambiguous']);
    target = matches[0] ?? null;
  }

  let internalUserId = data.internalUserId ?? null;
  if (internalUserId != null) {
    const users = await tx.query('select 1 from internal_users where tenant_id = $1 and id = $2', [
      tenantId,
      internalUserId,
    ]);
    if (users.length === 0) throw new ItemError(['invalid_internal_user_id']);
  }

  if (target) {
    await tx.query(
      `update companies set
         outer_sys_code = coalesce($3, outer_sys_code), name = coalesce($4, name), short_name = coalesce($5, short_name),
         cell_phone = coalesce($6, cell_phone), shipping_address = coalesce($7, shipping_address),
         internal_user_id = coalesce($8, internal_user_id), updated_at = $9
       where tenant_id = $1 and id = $2`,
      [
        tenantId,
        target.id,
        data.outerSysCode ?? null,
        data.name ?? null,
        data.shortName ?? null,
        data.cellPhone ?? null,
        data.shippingAddress ?? null,
        internalUserId,
        at,
      ],
    );
    return { status: 'updated', id: target.id };
  }

  if (internalUserId == null) {
    const [fallback] = await tx.query<{ id: number }>(
      'select id from internal_users where tenant_id = $1 and is_default_salesperson order by id limit 1',
      [tenantId],
    );
    if (!fallback) throw new ItemError([NO_DEFAULT_SALESPERSON]);
    internalUserId = fallback.id;
  }
  const [created] = await tx.query<{ id: number }>(
    `insert into companies (tenant_id, outer_sys_code, name, short_name, cell_phone, shipping_address, internal_user_id, status, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'Active', $8) returning id`,
    [
      tenantId,
      data.outerSysCode ?? '',
      data.name ?? '',
      data.shortName ?? '',
      data.cellPhone ?? '',
      data.shippingAddress ?? '',
      internalUserId,
      at,
    ],
  );
  return { status: 'created', id: created!.id };
};
