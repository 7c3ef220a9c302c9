import {
  ECONOMICS_SETTINGS,
  type EconomicsSummary,
  type EconomicsWebsitesQuery,
  type Period,
} from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../db/client.ts';
import { withoutJit } from '../../db/cost-days.ts';
import { baseCurrencyOf } from '../../db/money.ts';
import { keptValues, versionsOf } from '../../db/versioned-cache.ts';
import { type PageDays, pageDays, seriesOf } from './days.ts';
import { type Figures, type FleetFigures, fleetFigures } from './figures.ts';

/**
 * The economics reads' caches, per process: every figure made of revenue, costs, rates, websites,
 * instances, instructions and beacon views is kept until economics_version or
 * traffic_table_version changes (db/versioned-cache.ts), and per base currency and instance cost
 * period (settings, which raise no version). Working the figures out reads every amount of the
 * period; they change a few times a day (an import, a generation) and are read far more often.
 * What changes otherwise (names, posts published, delivery attempts) is read at each request.
 * Worked out with JIT off (withoutJit): PostgreSQL would compile these large statements for
 * longer than they run.
 */

/**
 * What a request's figures are read at: the versions of the data (read first, as
 * db/versioned-cache.ts does) and the settings the figures depend on, in one statement.
 */
export interface Basis {
  version: string;
  base: string;
  /** The cache keys' part for the settings. */
  key: string;
}

/** The fleet's figures over a period, with its orders worked out once each. */
export interface Ranking extends FleetFigures {
  byId: Map<number, Figures>;
  sorted: Map<string, Figures[]>;
}

type FigureKey = Exclude<EconomicsWebsitesQuery['order_key'], 'name'>;

/** A figure's order: nulls last both ways, the id breaking ties in the same direction. */
function sortedBy(rows: readonly Figures[], key: FigureKey, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return sign * (x - y);
    return sign * (a.id - b.id);
  });
}

const BASIS = sql`
  SELECT ${versionsOf(['economics_version', 'traffic_table_version'])} AS version,
         (SELECT value FROM settings WHERE full_path = ${ECONOMICS_SETTINGS.currency}) AS currency,
         (SELECT value FROM settings WHERE full_path = ${ECONOMICS_SETTINGS.instanceCostPeriod})
           AS instance_cost_period`;

export function economicsReads() {
  const rankings = keptValues<Ranking>();
  const sparklines = keptValues<PageDays>();
  const series = keptValues<EconomicsSummary['series']>();

  return {
    async basis(db: Db): Promise<Basis> {
      const [row] = await preparedRows<{
        version: string | null;
        currency: string | null;
        instance_cost_period: string | null;
      }>(db, BASIS);
      const base = baseCurrencyOf(row?.currency);
      return {
        version: row?.version ?? '',
        base,
        key: `${base}/${row?.instance_cost_period ?? ''}`,
      };
    },

    /** Every website's figures over the period. */
    ranking(db: Db, basis: Basis, period: Period): Promise<Ranking> {
      return rankings(basis.version, JSON.stringify([basis.key, period]), async () => {
        const figures = await withoutJit(db, (tx) => fleetFigures(tx, period, basis.base));
        return {
          ...figures,
          byId: new Map(figures.websites.map((row) => [row.id, row])),
          sorted: new Map(),
        };
      });
    },

    /** The websites in a figure's order, worked out once per ranking. */
    sorted(ranking: Ranking, key: FigureKey, direction: 'asc' | 'desc'): Figures[] {
      const name = `${key} ${direction}`;
      let rows = ranking.sorted.get(name);
      if (!rows) {
        rows = sortedBy(ranking.websites, key, direction);
        ranking.sorted.set(name, rows);
      }
      return rows;
    },

    /** Some websites' sparklines and renewal advice. */
    pageDays(db: Db, basis: Basis, period: Period, ids: readonly number[]): Promise<PageDays> {
      const key = JSON.stringify([basis.key, period, ids]);
      return sparklines(basis.version, key, () =>
        withoutJit(db, (tx) => pageDays(tx, ids, period, basis.base)),
      );
    },

    /** The fleet's or some websites' figures per day. */
    series(db: Db, basis: Basis, period: Period, ids?: readonly number[]) {
      const key = JSON.stringify([basis.key, period, ids ?? null]);
      return series(basis.version, key, () =>
        withoutJit(db, (tx) => seriesOf(tx, period, basis.base, ids)),
      );
    },
  };
}

export type EconomicsReads = ReturnType<typeof economicsReads>;
