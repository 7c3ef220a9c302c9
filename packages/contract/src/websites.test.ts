import { describe, expect, it } from 'vitest';
import {
  joinKeywords,
  splitKeywords,
  unknownPlaceholders,
  websiteSettingsInputSchema,
} from './website-settings.ts';
import { addMonths, isRenewalDue, websiteInputSchema } from './websites.ts';

describe('renewal dates', () => {
  it('adds months, keeping the day or falling back to the last day of the month', () => {
    expect(addMonths('2024-01-15', 1)).toBe('2024-02-15');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2024-05-10', 24)).toBe('2026-05-10');
  });

  it('is due from 14 days ahead, and when already past', () => {
    expect(isRenewalDue('2024-03-15', '2024-03-01')).toBe(true);
    expect(isRenewalDue('2024-03-16', '2024-03-01')).toBe(false);
    expect(isRenewalDue('2024-02-01', '2024-03-01')).toBe(true);
    expect(isRenewalDue(null, '2024-03-01')).toBe(false);
  });
});

describe('seo keywords', () => {
  it('splits, trims and drops empties and repeats', () => {
    expect(splitKeywords(' news, guides,,News , reviews ')).toEqual(['news', 'guides', 'reviews']);
    expect(joinKeywords(['a, b', 'c', 'a'])).toBe('a,b,c');
  });
});

describe('prompt placeholders', () => {
  it('names the unknown ones only, and ignores braces that are not placeholders', () => {
    expect(unknownPlaceholders('For {website} about {keywords}: {topic} {topic}')).toEqual([
      'topic',
    ]);
    expect(unknownPlaceholders('Answer as {"name": "..."} for {category}')).toEqual([]);
  });
});

describe('form numbers', () => {
  const base = { name: 'A', url: 'https://a.example', hosting: 'H', duration: '12' };
  it('reads numbers typed as text, and tells a blank from a non-number', () => {
    expect(websiteInputSchema.parse({ ...base, cost: ' 12.50 ' }).cost).toBe(12.5);
    const blank = websiteInputSchema.safeParse({ ...base, cost: '' });
    const text = websiteInputSchema.safeParse({ ...base, cost: 'abc' });
    expect(blank.error?.issues[0]?.message).toBe('Cost is required');
    expect(text.error?.issues[0]?.message).toBe('Cost must be a number');
  });

  it('clears an optional number with blank text', () => {
    const parsed = websiteSettingsInputSchema.parse({ categoryRefresh: ' ', postsLimit: '100' });
    expect(parsed).toEqual({ categoryRefresh: null, postsLimit: 100 });
  });
});
