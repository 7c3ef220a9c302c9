/** The benchmark's table and JSON lines. */
import type { Figures } from './measure.ts';

export interface Row {
  db: string;
  case: string;
  /** The machine's 1-minute load average when the case ran: other work skews the figures. */
  load: number;
  /** Why the case was not timed: its answer was wrong. */
  error?: string;
  /** What the answer's total was: exact, or an estimate and how far off. */
  total?: string;
  http?: Figures & { errors?: number };
  /** CPU milliseconds per request of the server and of the database, for the list cases. */
  cpu?: { server: number; database: number };
  /** The service code without HTTP. */
  direct?: Figures;
  /** The raw page query without HTTP, total or related rows: what a list approaches. */
  floor?: Figures;
}

const fixed = (value: number | undefined, digits = 0) =>
  value === undefined ? '' : value.toFixed(digits);
const ofFloor = (row: Row) =>
  row.http && row.floor ? `${((row.http.reqPerSec / row.floor.reqPerSec) * 100).toFixed(0)}%` : '';

export function printTable(rows: Row[], memory: Record<string, string>) {
  const header = [
    'db',
    'case',
    'req/s',
    'p50 ms',
    'p99 ms',
    'floor req/s',
    'of floor',
    'direct req/s',
    'CPU ms/req server+db',
    'total',
    'load',
  ];
  const lines = rows.map((row) =>
    row.error
      ? [row.db, row.case, 'NOT TIMED', '', '', '', '', '', '', row.error, fixed(row.load, 1)]
      : [
          row.db,
          row.case,
          fixed(row.http?.reqPerSec),
          fixed(row.http?.p50, 1),
          fixed(row.http?.p99, 1),
          fixed(row.floor?.reqPerSec, (row.floor?.reqPerSec ?? 10) < 10 ? 1 : 0),
          ofFloor(row),
          fixed(row.direct?.reqPerSec),
          row.cpu ? `${row.cpu.server.toFixed(1)}+${row.cpu.database.toFixed(1)}` : '',
          row.total ?? '',
          fixed(row.load, 1),
        ],
  );
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => (l[i]!.length > 60 ? 0 : l[i]!.length))),
  );
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const line of lines) console.log(format(line));
  for (const [db, note] of Object.entries(memory)) console.log(`${db}: ${note}`);
  console.log('');
  for (const row of rows) {
    console.log(
      JSON.stringify({
        db: row.db,
        case: row.case,
        ...(row.error && { error: row.error }),
        ...(row.http && {
          req_per_sec: Math.round(row.http.reqPerSec),
          p50_ms: Number(row.http.p50.toFixed(2)),
          p99_ms: Number(row.http.p99.toFixed(2)),
          errors: row.http.errors ?? 0,
        }),
        ...(row.floor && {
          floor_req_per_sec: Number(row.floor.reqPerSec.toPrecision(3)),
          floor_p99_ms: Number(row.floor.p99.toFixed(2)),
          of_floor: row.http ? Number((row.http.reqPerSec / row.floor.reqPerSec).toFixed(3)) : null,
        }),
        ...(row.direct && {
          direct_req_per_sec: Math.round(row.direct.reqPerSec),
          direct_p99_ms: Number(row.direct.p99.toFixed(2)),
        }),
        total: row.total,
        load_average: Number(row.load.toFixed(2)),
        ...(row.cpu && {
          server_cpu_ms_per_request: Number(row.cpu.server.toFixed(3)),
          database_cpu_ms_per_request: Number(row.cpu.database.toFixed(3)),
          idle_two_core_req_per_sec: Math.round(2000 / (row.cpu.server + row.cpu.database)),
        }),
      }),
    );
  }
}
