import { describe, expect, it } from 'vitest';
import { auditFiltersFrom, startOfDay } from './audit-filters';

describe('audit filters from the URL', () => {
  it('reads a day range in the person’s time zone, both days included', () => {
    const f = auditFiltersFrom({ from: '2026-11-23', to: '2026-11-23' }, 'Asia/Taipei');
    expect(f.from?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(f.to?.toISOString()).toBe('2026-11-23T15:59:59.999Z');
    expect(startOfDay('2026-07-01', 'America/New_York')?.toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('keeps person, operation, a known family and a known outcome; drops what it cannot read', () => {
    expect(
      auditFiltersFrom(
        { person: ' a@example.com ', operation: 'PUT /v1/companies/{id}', family: 'bulk', result: 'refused' },
        'UTC',
      ),
    ).toEqual({
      person: 'a@example.com',
      operation: 'PUT /v1/companies/{id}',
      family: 'bulk',
      result: 'refused',
    });
    expect(
      auditFiltersFrom({ result: 'maybe', family: 'carrier-pigeon', from: '2026-02-30', to: 'yesterday' }, 'UTC'),
    ).toEqual({});
  });
});
