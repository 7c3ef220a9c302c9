import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('EAAB-page-token');
    expect(sealed).not.toContain('EAAB');
    expect(box.open(sealed)).toBe('EAAB-page-token');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('secret');
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('not in a known format');
  });
});
