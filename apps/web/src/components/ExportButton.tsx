import type { ExportName } from '@sitefleet/contract';
import { useState } from 'react';
import { notifyFailure } from '../lib/toast.tsx';
import { type ListParams, orderParams } from '../lib/use-list-params.ts';

/** Below this many rows an export is quick enough to need no progress. */
const PROGRESS_FROM_ROWS = 2000;

/**
 * The lists with a CSV export: the resources that declare one, the audit log, the deliveries and
 * the portfolio's websites.
 */
export type ExportResource = ExportName | 'audit-log' | 'deliveries' | 'economics/websites';

/** The list's search, filters and sort, as the export takes them (paging aside). */
function exportQuery(list: Pick<ListParams<string>, 'query' | 'sort' | 'filters'>) {
  const params = new URLSearchParams();
  const values: Record<string, string | undefined> = {
    query: list.query || undefined,
    ...list.filters,
    ...orderParams(list.sort),
  };
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.append(key, value);
  }
  return params.toString();
}

const fileNameOf = (disposition: string | null, resource: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `sitefleet-${resource}.csv`;

/** Rows received so far: each row ends with CRLF; the header row is not counted. */
function countRows(chunk: string) {
  return chunk.split('\r\n').length - 1;
}

/** Hands the file to the browser as a download. */
function saveFile(parts: BlobPart[], name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

interface Progress {
  received: number;
  total: number;
}

/**
 * Export: downloads every row the list shows (its search, filters and sort, all pages) as CSV,
 * read as it streams in, with the rows received out of the total for a large export.
 */
export function ExportButton({
  resource,
  list,
}: {
  resource: ExportResource;
  list: Pick<ListParams<string>, 'query' | 'sort' | 'filters'>;
}) {
  const [progress, setProgress] = useState<Progress | null>(null);

  async function download() {
    setProgress({ received: 0, total: 0 });
    try {
      const response = await fetch(`/api/${resource}/export?${exportQuery(list)}`, {
        headers: { Accept: 'text/csv', 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The export failed (HTTP ${response.status}).`);
      }
      const total = Number(response.headers.get('x-total-count') ?? 0);
      const parts: BlobPart[] = [];
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        lines += countRows(decoder.decode(value, { stream: true }));
        setProgress({ received: Math.max(lines - 1, 0), total });
      }
      saveFile(parts, fileNameOf(response.headers.get('content-disposition'), resource));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setProgress(null);
    }
  }

  const showProgress = progress !== null && progress.total >= PROGRESS_FROM_ROWS;
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      onClick={download}
      disabled={progress !== null}
      aria-busy={progress !== null}
    >
      <i className="bi bi-download me-1" aria-hidden="true" />
      {showProgress
        ? `Exporting ${progress.received.toLocaleString('en-US')} / ${progress.total.toLocaleString('en-US')} rows`
        : progress !== null
          ? 'Exporting…'
          : 'Export'}
    </button>
  );
}
