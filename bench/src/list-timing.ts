/**
 * One list case, checked then timed: its answer from the service and the raw page query against
 * SQL, then the service and the floor in loops (no HTTP), then the real server over HTTP with
 * autocannon and the CPU time per request of the server and of the database. A wrong answer is
 * kept as the case's error instead of a figure.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import {
  checkAnswer,
  type Expected,
  expectedAnswer,
  type ListAnswer,
  type ListCase,
  rawPageQuery,
} from './cases.ts';
import {
  cpuMsBetween,
  cpuSnapshot,
  DURATION,
  ENCODINGS,
  type Figures,
  measureDirect,
  measureHttp,
  requestHeaders,
} from './measure.ts';
import type { Row } from './report.ts';

/** What the direct phase leaves for the HTTP one, per case. */
export interface Prepared {
  expected: Expected;
  direct?: Figures;
  floor?: Figures;
  error?: string;
}

export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const rawRows = async (db: Db, listCase: ListCase) =>
  ((await db.execute(rawPageQuery(listCase.raw))) as unknown as { rows: { id: number }[] }).rows;

/** Checks the service's and the raw query's answers, then times both. */
export async function prepareCase(db: Db, listCase: ListCase): Promise<Prepared> {
  const expected = await expectedAnswer(db, listCase);
  try {
    checkAnswer(listCase, 'service', await listCase.direct(db), expected);
    const raw = await rawRows(db, listCase);
    const rawIds = raw.map((row) => row.id);
    if (rawIds.join() !== expected.ids.join()) {
      throw new Error(
        `${listCase.name} (raw page query): ids ${rawIds} instead of ${expected.ids}`,
      );
    }
  } catch (error) {
    return { expected, error: message(error) };
  }
  const direct = await measureDirect(() => listCase.direct(db), DURATION / 2);
  const floor = await measureDirect(() => rawRows(db, listCase), DURATION / 2);
  return { expected, direct, floor };
}

/**
 * Each case's requests for a quarter of the timed duration (3 s at least), before any case is
 * timed: the first case would otherwise be timed while V8 still compiles the server's code. In
 * two trials each, posts page 1 timed first took 0.89–1.24 ms of server CPU a request (45–48% of
 * the profile's rate), and 0.65–0.74 ms (52–58%) after this warm-up.
 */
export async function warmUp(url: string, cookie: string, lists: readonly ListCase[]) {
  for (const listCase of lists) {
    for (const encoding of ENCODINGS) {
      await measureHttp(url + listCase.path, cookie, encoding, Math.max(3, DURATION / 4));
    }
  }
}

/** The case's name as timed with an Accept-Encoding: `posts page 1 [br, gzip]`. */
export const encodedName = (name: string, encoding: string) =>
  encoding ? `${name} [${encoding}]` : name;

/** Checks the case's answer over HTTP, then times it with autocannon. */
export async function httpCase(
  server: { child: ChildProcess; url: string },
  cookie: string,
  listCase: ListCase,
  prepared: Prepared,
  monitor: Database | undefined,
  encoding: string,
): Promise<Omit<Row, 'db'>> {
  const base = {
    case: encodedName(listCase.name, encoding),
    load: loadavg()[0]!,
    direct: prepared.direct,
  };
  const pid = server.child.pid!;
  let total: string;
  let sent: string;
  let expected = prepared.expected;
  try {
    const response = await fetch(server.url + listCase.path, {
      headers: requestHeaders(cookie, encoding),
    });
    // fetch decodes the body; the header says how it came.
    sent = response.headers.get('content-encoding') ?? 'none';
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`${listCase.name} (HTTP): status ${response.status}: ${text.slice(0, 200)}`);
    }
    // Read again where the database can be: a case over the last 24 hours (the fleet's health)
    // changes when an hour ends between the direct phase and this one.
    expected = monitor ? await expectedAnswer(monitor.db, listCase) : prepared.expected;
    total = checkAnswer(listCase, 'HTTP', JSON.parse(text) as ListAnswer, expected);
  } catch (error) {
    return { ...base, error: message(error) };
  }
  const before = await cpuSnapshot(pid, monitor);
  const http = await measureHttp(server.url + listCase.path, cookie, encoding);
  const used = cpuMsBetween(pid, before, await cpuSnapshot(pid, monitor));
  const requests = Math.max(1, http.requests);
  return {
    ...base,
    encoding: sent,
    total: `${total}, ${expected.total} rows`,
    http,
    floor: prepared.floor,
    cpu: { server: used.server / requests, database: used.database / requests },
    ...(http.errors > 0 && { error: `${http.errors} failed requests while timed` }),
  };
}
