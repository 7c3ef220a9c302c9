import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readable-text.ts';

describe('readableTextOn', () => {
  it('puts dark text on light and mid colours whose white text fails 4.5:1', () => {
    expect(readableTextOn('#d97706')).toBe('#212529');
    expect(readableTextOn('#16a34a')).toBe('#212529');
    expect(readableTextOn('#ffffff')).toBe('#212529');
  });

  it('keeps white text on dark colours', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
  });
});
