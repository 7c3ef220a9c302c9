import { describe, expect, it } from 'vitest';
import { isoText } from './page.ts';

/** How PostgreSQL prints `instant` in UTC, with `digits` digits of its fraction of a second. */
function postgresText(instant: Date, digits: number, micros: string): string {
  const iso = instant.toISOString();
  const fraction = `${iso.slice(20, 23)}${micros}`.slice(0, digits);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${digits > 0 ? `.${fraction}` : ''}+00`;
}

describe('isoText', () => {
  const instants = [
    new Date(Date.UTC(2026, 10, 30, 9, 15, 2, 123)),
    new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0)),
    new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
    new Date(Date.UTC(2024, 1, 29, 12, 0, 0, 5)),
  ];

  it("answers PostgreSQL's UTC text as ISO text to the millisecond, whatever its fraction's digits", () => {
    for (const instant of instants) {
      for (let digits = 0; digits <= 6; digits++) {
        // Digits past the millisecond are dropped, as a Date drops them.
        const text = postgresText(instant, digits, '987');
        const expected = new Date(
          Math.floor(instant.getTime() / 10 ** (3 - Math.min(digits, 3))) *
            10 ** (3 - Math.min(digits, 3)),
        ).toISOString();
        expect(isoText(text), text).toBe(expected);
        expect(isoText(text), text).toBe(new Date(text).toISOString());
      }
    }
  });

  it('answers a time printed in another time zone as the same instant in UTC', () => {
    expect(isoText('2026-11-30 10:15:02.123+01')).toBe('2026-11-30T09:15:02.123Z');
    expect(isoText('2026-11-30 14:45:02+05:30')).toBe('2026-11-30T09:15:02.000Z');
  });

  it('answers a Date as its ISO text', () => {
    expect(isoText(instants[0]!)).toBe('2026-11-30T09:15:02.123Z');
  });
});
