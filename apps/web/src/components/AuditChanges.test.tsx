import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChanges } from './AuditChanges.tsx';

describe('AuditChanges', () => {
  it('writes lists and objects out as words, never as JSON', () => {
    const { container } = render(
      <AuditChanges
        entry={{
          changes: {
            websites: [
              [1, 2],
              [2, 3],
            ],
            seo: [{ title: 'Old' }, { title: 'New' }],
          },
          details: {
            action: 'move_stage',
            filter: { query: 'harbour', status: 1 },
            skipped: [
              { reason: 'Already in that stage', count: 2 },
              { reason: 'In another workflow', count: 1 },
            ],
            ids: [],
          },
        }}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/[{}"[\]]/);
    expect(screen.getByText('query: harbour, status: 1')).toBeTruthy();
    expect(
      screen.getByText(
        'reason: Already in that stage, count: 2; reason: In another workflow, count: 1',
      ),
    ).toBeTruthy();
    expect(screen.getByText('title: Old')).toBeTruthy();
    expect(screen.getByText('2, 3')).toBeTruthy();
  });
});
