import { describe, expect, it } from 'vitest';
import { logsPageInfo } from './logs-page.ts';

const log = (id: number) => ({
  id,
  ip_address: '203.0.113.20',
  gap: '00:00',
  status: 'heartbeat',
  created_at: '2026-01-01T00:00:00Z',
});

describe('logsPageInfo', () => {
  it('numbers the rows of a page from the page size', () => {
    const page = {
      data: [log(21), log(22)],
      current_page: 3,
      total_pages: 3,
      per_page: 10,
      total: 22,
    };
    expect(logsPageInfo(page)).toEqual({
      current_page: 3,
      last_page: 3,
      total: 22,
      from: 21,
      to: 22,
    });
  });

  it('makes no logs one empty page', () => {
    const page = { data: [], current_page: 1, total_pages: 0, per_page: 10, total: 0 };
    expect(logsPageInfo(page)).toEqual({
      current_page: 1,
      last_page: 1,
      total: 0,
      from: null,
      to: null,
    });
  });
});
