import { describe, expect, it } from 'vitest';
import { sparklinePoints, sparklineRuns } from './Sparkline.tsx';

describe('a sparkline', () => {
  it('puts the busiest day at the top and a day without views at the bottom', () => {
    expect(sparklinePoints([0, 5, 10], 100, 24)).toBe('0,22 50,12 100,2');
  });

  it('lies flat along the bottom when no day had views, and across when there is one day', () => {
    expect(sparklinePoints([0, 0], 100, 24)).toBe('0,22 100,22');
    expect(sparklinePoints([7], 100, 24)).toBe('0,2 100,2');
    expect(sparklinePoints([], 100, 24)).toBe('');
  });

  it('keeps zero within when a day is below it (a loss), the lowest day at the bottom', () => {
    expect(sparklinePoints([-10, 0, 10], 100, 24)).toBe('0,22 50,12 100,2');
    expect(sparklinePoints([-5, -10], 100, 24)).toBe('0,12 100,22');
  });

  it('leaves a gap for a day without a figure, never drawing it as zero', () => {
    expect(sparklineRuns([10, null, 0, 5], 90, 24)).toEqual(['0,2 1,2', '60,22 90,12']);
    expect(sparklineRuns([null, null], 90, 24)).toEqual([]);
  });
});
