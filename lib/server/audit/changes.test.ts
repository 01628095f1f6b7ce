import { describe, expect, it } from 'vitest';
import { encodeReview } from '@/lib/contract/history';
import { MAX_VALUE_CHARS, recordedChanges } from './changes';

describe('recordedChanges (the History diff of one write)', () => {
  it('records each sent field new value from the body, and what the browser reviewed beside it, never as the old value', () => {
    const body = JSON.stringify({ cellPhone: '02-2345-6789', name: '台北貿易' });
    const review = encodeReview({ cellPhone: '02-1111-2222', name: null });
    expect(recordedChanges(body, review)).toEqual([
      { field: 'cellPhone', reviewed: '02-1111-2222', to: '02-2345-6789' },
      { field: 'name', reviewed: null, to: '台北貿易' },
    ]);
  });

  it('never takes a new value from the review: what was sent is what is recorded', () => {
    const review = encodeURIComponent(JSON.stringify({ cellPhone: 'old' }));
    expect(recordedChanges('{"cellPhone":"sent"}', review)).toEqual([
      { field: 'cellPhone', reviewed: 'old', to: 'sent' },
    ]);
  });

  it('notes no difference when the review names fewer keys than the platform holds (a recipe without its names)', () => {
    const reviewed = [{ sort: 1, quantity: 3, componentSkuId: 56 }];
    const held = [{ ...reviewed[0]!, componentSkuName: '', componentSkuOuterSysCode: '' }];
    const body = JSON.stringify({ components: [{ sort: 1, quantity: 2, componentSkuId: 56 }] });
    const read = { by: 'read' as const, at: '2026-12-07T00:00:00.000Z' };
    const [change] = recordedChanges(body, encodeReview({ components: reviewed }), {
      values: { components: held },
      read,
    })!;
    expect(change).not.toHaveProperty('reviewed');
    expect(change).toMatchObject({ field: 'components', from: held });
  });

  it('leaves the old value out when no review came, and ignores review fields that were not sent', () => {
    expect(recordedChanges('{"name":"A"}', null)).toEqual([{ field: 'name', to: 'A' }]);
    expect(recordedChanges('{"name":"A"}', encodeReview({ email: 'x@example.com' }))).toEqual([
      { field: 'name', to: 'A' },
    ]);
  });

  it('never stores a password, old or new', () => {
    const changes = recordedChanges('{"password":"s3cret-pass","name":"B"}', encodeReview({ password: 'old-pass' }));
    expect(changes).toEqual([
      { field: 'password', secret: true },
      { field: 'name', to: 'B' },
    ]);
    expect(JSON.stringify(changes)).not.toContain('pass"');
  });

  it('reads a batch of one as a single write, minus its key field; a larger batch has no per-record diff', () => {
    expect(recordedChanges('[{"skuId":7,"price":12.5}]', encodeReview({ price: 10 }))).toEqual([
      { field: 'price', reviewed: 10, to: 12.5 },
    ]);
    expect(recordedChanges('[{"id":1,"name":"a"},{"id":2,"name":"b"}]', null)).toBeNull();
  });

  it('ignores a malformed review and an unreadable body without failing', () => {
    expect(recordedChanges('{"name":"A"}', '%E0%A4%A')).toEqual([{ field: 'name', to: 'A' }]);
    expect(recordedChanges('{"name":"A"}', encodeURIComponent('[1,2]'))).toEqual([{ field: 'name', to: 'A' }]);
    expect(recordedChanges('not json', null)).toBeNull();
    expect(recordedChanges(null, null)).toBeNull();
  });

  it('cuts a very long value short', () => {
    const components = Array.from({ length: 500 }, (_, i) => ({ componentSkuId: i + 1, quantity: 1, sort: i }));
    const [diff] = recordedChanges(JSON.stringify({ components }), null) ?? [];
    expect(typeof diff?.to).toBe('string');
    expect(String(diff?.to).length).toBe(MAX_VALUE_CHARS + 1);
  });
});
