/**
 * The export case: every post through GET /api/posts/export, as one download. The answer is
 * checked as it streams in (status, CSV content type, the header row, one record per post as SQL
 * counts them) and its figures are reported only when it is right; the server's RSS is sampled
 * throughout, since an export must keep memory flat however many rows it sends.
 */
import { postRowSchema } from '@sitefleet/contract';
import { csvLine } from '../../apps/server/src/lib/csv.ts';
import { rssMegabytes } from './measure.ts';

export const EXPORT_CASE = 'posts export, every post';
const EXPORT_PATH = '/api/posts/export';

export interface ExportFigures {
  ms: number;
  bytes: number;
  rows: number;
  rowsPerSec: number;
  /** The server's highest RSS during the export, in MB. */
  peakMb: number;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Counts CSV records (RFC 4180) across chunks: a line break inside a quoted cell does not end a
 * record. Keeps the first record's text to check the header row.
 */
class RecordCounter {
  records = 0;
  private quoted = false;
  private open = false;
  private head: Buffer[] = [];

  get header() {
    return Buffer.concat(this.head).toString('utf8');
  }

  push(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      const next = this.quoted
        ? chunk.indexOf(QUOTE, at)
        : firstOf(chunk.indexOf(QUOTE, at), chunk.indexOf(NEWLINE, at));
      const end = next === -1 ? chunk.length : next + 1;
      if (this.records === 0) this.head.push(chunk.subarray(at, end));
      this.open = true;
      at = end;
      if (next === -1) break;
      if (chunk[next] === QUOTE) {
        this.quoted = !this.quoted;
      } else {
        this.records++;
        this.open = false;
      }
    }
  }

  /** The records, counting a last one without a line break. */
  finish() {
    if (this.quoted) throw new Error('the file ends inside a quoted cell');
    return this.records + (this.open ? 1 : 0);
  }
}

const firstOf = (a: number, b: number) => (a === -1 ? b : b === -1 ? a : Math.min(a, b));

/**
 * Downloads the whole export once, checking it against `posts` (SQL's count of the posts) as it
 * arrives; throws, saying what differs, instead of answering figures for a wrong file.
 */
export async function benchExport(
  url: string,
  cookie: string,
  posts: number,
  serverPid: number,
): Promise<ExportFigures> {
  let peakMb = rssMegabytes(serverPid);
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMegabytes(serverPid));
  }, 250);
  try {
    const start = performance.now();
    const response = await fetch(url + EXPORT_PATH, {
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/csv')) {
      throw new Error(
        `status ${response.status}, ${type}: ${(await response.text()).slice(0, 200)}`,
      );
    }
    const counter = new RecordCounter();
    let bytes = 0;
    for await (const chunk of response.body!) {
      const buffer = Buffer.from(chunk);
      bytes += buffer.length;
      counter.push(buffer);
    }
    const ms = performance.now() - start;
    const rows = counter.finish() - 1;
    const header = csvLine(Object.keys(postRowSchema.shape));
    if (counter.header !== header) {
      throw new Error(
        `header row ${JSON.stringify(counter.header)} instead of ${JSON.stringify(header)}`,
      );
    }
    if (rows !== posts)
      throw new Error(`${rows} records after the header, SQL counts ${posts} posts`);
    const announced = Number(response.headers.get('x-total-count'));
    if (announced !== posts)
      throw new Error(`X-Total-Count ${announced}, SQL counts ${posts} posts`);
    return { ms, bytes, rows, rowsPerSec: rows / (ms / 1000), peakMb };
  } finally {
    clearInterval(sampler);
  }
}

export const describeExport = (figures: ExportFigures) =>
  `${figures.rows.toLocaleString('en')} rows, ${(figures.bytes / 1048576).toFixed(0)} MB in ${(figures.ms / 1000).toFixed(1)} s (${Math.round(figures.rowsPerSec).toLocaleString('en')} rows/s), server RSS peak ${figures.peakMb.toFixed(0)} MB`;
