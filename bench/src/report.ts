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
  /** The answer's Content-Encoding over HTTP ('none' when sent as it is). */
  encoding?: string;
}

const fixed = (value: number | undefined, digits = 0) =>
  value === undefined ? '' : value.toFixed(digits);
const share = (part: number | undefined, whole: number | undefined) =>
  part !== undefined && whole ? part / whole : undefined;
/** A rate with a decimal below 10 a second (the bulk approve's), whole above. */
const rate = (value: number | undefined) => fixed(value, (value ?? 10) < 10 ? 2 : 0);
const percent = (ratio: number | undefined) =>
  ratio === undefined ? '' : `${(ratio * 100).toFixed(0)}%`;

/**
 * Each row's req/s as a share of the profile's in the same run, on the same database and with the
 * same Accept-Encoding (`profileCase` names the profile's row); and the same share reckoned from
 * the CPU each request took (server and database), which does not move with the machine's load.
 */
function ofProfile(rows: Row[], profileCase: string) {
  const profiles = new Map(
    rows
      .filter((row) => row.case.startsWith(profileCase) && row.http)
      .map((row) => [`${row.db} ${row.case.slice(profileCase.length)}`, row]),
  );
  const profileOf = (row: Row) =>
    profiles.get(`${row.db} ${row.case.match(/ \[[^\]]*\]$/)?.[0] ?? ''}`);
  const cpuOf = (row: Row | undefined) => row?.cpu && row.cpu.server + row.cpu.database;
  return {
    rate: (row: Row) => share(row.http?.reqPerSec, profileOf(row)?.http?.reqPerSec),
    cpu: (row: Row) => share(cpuOf(profileOf(row)), cpuOf(row)),
  };
}

export function printTable(rows: Row[], memory: Record<string, string>, profileCase: string) {
  const profileShare = ofProfile(rows, profileCase);
  const header = [
    'db',
    'case',
    'req/s',
    'server CPU ms/req',
    'floor req/s',
    'of floor',
    'of profile',
    'of profile, CPU',
    'db CPU ms/req',
    'sent',
    'p50 ms',
    'p99 ms',
    'direct req/s',
    'total',
    'load',
  ];
  const lines = rows.map((row) =>
    row.error
      ? [
          row.db,
          row.case,
          'NOT TIMED',
          ...header.slice(3, -2).map(() => ''),
          row.error,
          fixed(row.load, 1),
        ]
      : [
          row.db,
          row.case,
          rate(row.http?.reqPerSec),
          row.cpu ? row.cpu.server.toFixed(2) : '',
          rate(row.floor?.reqPerSec),
          percent(share(row.http?.reqPerSec, row.floor?.reqPerSec)),
          percent(profileShare.rate(row)),
          percent(profileShare.cpu(row)),
          row.cpu ? row.cpu.database.toFixed(2) : '',
          row.encoding ?? '',
          fixed(row.http?.p50, 1),
          fixed(row.http?.p99, 1),
          rate(row.direct?.reqPerSec),
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
        ...(row.encoding && { content_encoding: row.encoding }),
        ...(profileShare.rate(row) !== undefined && {
          of_profile: Number(profileShare.rate(row)!.toFixed(3)),
        }),
        ...(profileShare.cpu(row) !== undefined && {
          of_profile_cpu: Number(profileShare.cpu(row)!.toFixed(3)),
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
