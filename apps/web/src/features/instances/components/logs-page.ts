import { type InstanceLogsPage, pageOffset } from '@sitefleet/contract';
import type { PageInfo } from '../../../components/Pagination.tsx';

/**
 * The logs answer (data, current_page, total_pages, per_page, total) as the pagination fields the
 * shared Pagination reads. No logs is one empty page.
 */
export function logsPageInfo(logs: InstanceLogsPage): PageInfo {
  const from = logs.data.length === 0 ? null : pageOffset(logs.current_page, logs.per_page) + 1;
  return {
    current_page: logs.current_page,
    last_page: Math.max(logs.total_pages, 1),
    total: logs.total,
    from,
    to: from === null ? null : from + logs.data.length - 1,
  };
}
