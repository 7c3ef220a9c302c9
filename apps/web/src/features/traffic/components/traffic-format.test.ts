import { describe, expect, it } from 'vitest';
import { daysIn, presetRange } from '../../../lib/period.ts';
import { bucketLabel, countOf, formatChange, formatCount, metricsOf } from './traffic-format.ts';
import { intervalFor } from './traffic-period.ts';
import { daysSince } from './ViewsChart.tsx';

describe('the change against the period before', () => {
  it('reads as a signed percentage, with one decimal at most', () => {
    expect(formatChange(0.125, 9)).toBe('+12.5%');
    expect(formatChange(-0.1, 9)).toBe('-10%');
    expect(formatChange(2, 9)).toBe('+200%');
    expect(formatChange(0, 9)).toBe('0%');
    expect(formatChange(0.33333, 9)).toBe('+33.3%');
    expect(formatChange(-1, 0)).toBe('-100%');
  });

  it('says New where the period before had no views, and nothing where neither had any', () => {
    expect(formatChange(null, 4)).toBe('New');
    expect(formatChange(null, 0)).toBe('–');
  });
});

describe('counts', () => {
  it('group their thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('say what they count, one or many', () => {
    const [views, visitors] = metricsOf('beacon');
    expect(countOf(1, visitors)).toBe('1 visitor');
    expect(countOf(1234, views)).toBe('1,234 views');
    expect(countOf(0, views)).toBe('0 views');
  });

  it('are views and visitors, or Search Console clicks and impressions', () => {
    expect(metricsOf('beacon').map((metric) => metric.label)).toEqual(['Views', 'Visitors']);
    expect(metricsOf('ga4').map((metric) => metric.key)).toEqual(['views', 'visitors']);
    expect(metricsOf('search_console').map((metric) => metric.label)).toEqual([
      'Clicks',
      'Impressions',
    ]);
  });
});

describe('a bucket', () => {
  it('is named by its UTC day, whatever the reader’s zone', () => {
    expect(bucketLabel({ t: '2026-11-03T00:00:00.000Z' }, 'day')).toBe('03-11-2026');
    expect(bucketLabel({ t: '2026-11-02T00:00:00.000Z' }, 'week')).toBe('Week of 02-11-2026');
    expect(bucketLabel({ t: '2026-11-01T00:00:00.000Z' }, 'month')).toBe('11-2026');
  });
});

describe('the periods', () => {
  const now = Date.parse('2026-11-29T22:30:00Z');

  it('end today and count their days, today included', () => {
    expect(presetRange('7d', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(daysIn(presetRange('90d', now))).toBe(90);
  });

  it('twelve months stay within the 366 days a request may span, a leap year included', () => {
    expect(presetRange('12m', now)).toEqual({ from: '2025-11-30', to: '2026-11-29' });
    const leap = presetRange('12m', Date.parse('2028-03-01T12:00:00Z'));
    expect(leap).toEqual({ from: '2027-03-02', to: '2028-03-01' });
    expect(daysIn(leap)).toBe(366);
  });

  it('are charted by the hour (where there are hours), the day, then the week', () => {
    const day = { from: '2026-11-29', to: '2026-11-29' };
    expect(intervalFor(day, true)).toBe('hour');
    expect(intervalFor(day, false)).toBe('day');
    expect(intervalFor(presetRange('90d', now), true)).toBe('day');
    expect(intervalFor(presetRange('12m', now), true)).toBe('week');
  });

  it('since a variant was made: its days, or the last year of them', () => {
    expect(daysSince('2026-11-20T10:00:00.000Z', now)).toEqual({
      from: '2026-11-20',
      to: '2026-11-29',
    });
    expect(daysSince('2020-01-01T00:00:00.000Z', now)).toEqual({
      from: '2025-11-30',
      to: '2026-11-29',
    });
  });
});
