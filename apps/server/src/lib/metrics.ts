import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The job queue's states, each exported (as 0 when empty) so that an alert always has a series. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/** Where the gauges read their values, at each scrape. */
export interface MetricSources {
  /** Every queue, shown with zeros when it holds no job. */
  queues: readonly string[];
  /** Jobs per queue and state. */
  jobCounts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** The database's connections per state (`active`, `idle`, `waiting` for one). */
  poolConnections(): Record<string, number>;
  /** The API's requests being answered (`active`) and waiting their turn (`waiting`). */
  requests(): Record<'active' | 'waiting', number>;
}

/**
 * The process's Prometheus metrics, in a registry of its own: the HTTP requests' durations, the
 * deliveries' outcomes, the jobs and the pool's connections (read at each scrape), and the
 * default process metrics (CPU, memory, event loop, handles).
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'sitefleet_deliveries_total',
    help: 'Delivery attempts, by publishing target and outcome',
    labelNames: ['target', 'outcome'] as const,
    registers: [registry],
  });
  const pageViews = new Counter({
    name: 'sitefleet_page_views_total',
    help: "The beacon's page views, by outcome (taken, dropped, refused) and reason of a drop",
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'sitefleet_jobs',
    help: 'Jobs in the queue, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await sources.jobCounts();
      this.reset();
      for (const queue of new Set([...sources.queues, ...rows.map((row) => row.queue)])) {
        for (const state of JOB_STATES) this.set({ queue, state }, 0);
      }
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'sitefleet_db_pool_connections',
    help: 'Database connections of this process, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [state, count] of Object.entries(sources.poolConnections())) {
        this.set({ state }, count);
      }
    },
  });
  new Gauge({
    name: 'sitefleet_http_requests_in_queue',
    help: 'API requests of this process, being answered (active) or waiting their turn (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      for (const [state, count] of Object.entries(sources.requests())) this.set({ state }, count);
    },
  });
  return { registry, requestDuration, deliveries, pageViews };
}

export type Metrics = ReturnType<typeof createMetrics>;
