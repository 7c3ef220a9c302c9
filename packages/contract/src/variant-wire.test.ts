import { describe, expect, it } from 'vitest';
import { fromWireVariant, toWireVariant } from './index.ts';

describe("a variant's id on the wire", () => {
  it('is renamed in its place, so that the JSON of an answer keeps its field order', () => {
    const row = { kind: 'post', variant_id: 7, record_id: 3 };
    const wire = toWireVariant(row);
    expect(JSON.stringify(wire)).toBe('{"kind":"post","pivot_id":7,"record_id":3}');
    expect(JSON.stringify(fromWireVariant(wire))).toBe(JSON.stringify(row));
  });
});
