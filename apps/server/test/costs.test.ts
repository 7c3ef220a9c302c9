import { COSTS_MESSAGES, ECONOMICS_SETTINGS, utcDay } from '@sitefleet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import type { VariantContent } from '../src/content/variants.ts';
import { queryRows } from '../src/db/client.ts';
import { type CostDaysOptions, costDays, withoutJit } from '../src/db/cost-days.ts';
import type { RunningJob } from '../src/jobs/queue.ts';
import { fetchEcbRates } from '../src/modules/costs/ecb.ts';
import { complete, completeJson } from '../src/pipeline/ai/provider.ts';
import { addPostCost } from '../src/pipeline/quota.ts';
import { startFakeHttp } from './fake-http.ts';
import { quietTaskContext, serverForFile } from './fixtures.ts';
import { setSetting } from './harness.ts';

/**
 * The cost ledger: hosting and instances worked out day by day, the stored costs converted at
 * their day's rate, the fleet's shared costs allocated by views.
 */

/** The AI provider and the ECB, as local stand-ins. */
const outside = await startFakeHttp();
afterAll(() => outside.close());
const server = await serverForFile();
const db = server.database.db;
const admin = await server.admin();
const context = quietTaskContext(server);
// The ledger is the fleet's: the test's own websites and instances only.
await db.execute(sql`DELETE FROM websites`);
await db.execute(sql`DELETE FROM instances`);

/** Each test's rows go with it: the ledger is the fleet's. */
const cleanUp = () =>
  onTestFinished(async () => {
    for (const table of ['websites', 'instances', 'costs', 'exchange_rates']) {
      await db.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    }
  });

/** A website made in SQL: the ledger reads its cost, duration, renewal and creation only. */
async function website(name: string, cost: number, duration: number, renewal: string | null) {
  cleanUp();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO websites (name, url, hosting, cost, duration, next_renewal_date,
                              webhook_secret, created_at)
        VALUES (${name}, ${`https://${name}.example`}, 'host', ${cost}, ${duration}, ${renewal},
                'secret', '2020-01-01T00:00:00Z')
        RETURNING id`,
  );
  return row!.id;
}

interface CostDay {
  website_id: number | null;
  day: string;
  kind: string;
  source: string | null;
  amount: number | null;
  currency: string;
}

const days = (from: string, to: string, options: CostDaysOptions, where = sql`true`) =>
  withoutJit(db, (tx) =>
    queryRows<CostDay>(
      tx,
      sql`SELECT c.website_id, c.day::text AS day, c.kind, c.source, c.amount::float8 AS amount,
               c.currency
        FROM (${costDays({ from, to }, 'INR', options)}) c
        WHERE ${where}
        ORDER BY c.day, c.kind, c.website_id NULLS FIRST, c.source`,
    ),
  );

const sum = (rows: CostDay[]) => rows.reduce((total, row) => total + (row.amount ?? 0), 0);

describe('cost days', () => {
  it('spreads hosting over each renewal period: a 12-month duration sums to the cost', async () => {
    const yearly = await website('yearly', 1234.57, 12, '2027-03-15');
    const monthly = await website('monthly', 999.99, 1, '2026-01-31');
    await website('unrenewed', 500, 12, null);
    const only = { shared: 'fleet' as const, websiteIds: [yearly, monthly] };

    const year = await days('2026-03-15', '2027-03-14', { ...only, websiteIds: [yearly] });
    expect(year).toHaveLength(365);
    expect(Math.abs(sum(year) - 1234.57)).toBeLessThan(0.01);
    // A period ending at a month's last day: 31 days from 31 December, then 28 in February.
    const february = await days('2026-01-30', '2026-03-01', { ...only, websiteIds: [monthly] });
    expect(february.at(0)!.amount).toBeCloseTo(999.99 / 31, 10);
    expect(february.at(1)!.amount).toBeCloseTo(999.99 / 28, 10);
    expect(
      sum(february.filter((row) => row.day >= '2026-01-31' && row.day < '2026-02-28')),
    ).toBeCloseTo(999.99, 8);
    // None without a renewal date; none before the website was made.
    const all = await days('2019-12-30', '2020-01-02', { shared: 'fleet' });
    expect(all.map((row) => row.day)).not.toContain('2019-12-31');
    expect(all.every((row) => row.website_id !== null)).toBe(true);
  });

  it("splits an instance's day among its websites by their instructions", async () => {
    const [a, b] = [await website('a', 0, 12, null), await website('b', 0, 12, null)];
    await db.execute(
      sql`INSERT INTO instances (id, instance_id, ip_address, current_state, gap, region, type,
                                 cost, created_at)
          VALUES (901, 'i-split', '10.0.0.1', 'running', '01:00', 'r', 't', 310,
                  '2026-03-01T12:00:00Z')`,
    );
    await db.execute(
      sql`INSERT INTO agent_instructions (instance_id, website_id, generate, prompt, "limit",
                                          created_at)
          VALUES (901, ${a}, 'posts', 'p', 1, '2026-03-02T00:00:00Z'),
                 (901, ${a}, 'posts', 'p', 1, '2026-03-02T12:00:00Z'),
                 (901, ${b}, 'posts', 'p', 1, '2026-03-02T23:59:59Z')`,
    );
    const rows = await days('2026-02-28', '2026-03-03', { shared: 'fleet' });
    // 310 a month of 31 days: 10 a day, from the day it was made; a day with no instruction is
    // the fleet's.
    expect(rows.map((row) => [row.day, row.website_id, row.source, row.amount])).toEqual([
      ['2026-03-01', null, 'i-split', 10],
      ['2026-03-02', a, 'i-split', expect.closeTo(20 / 3, 10)],
      ['2026-03-02', b, 'i-split', expect.closeTo(10 / 3, 10)],
      ['2026-03-03', null, 'i-split', 10],
    ]);
    // Allocated: a day without views is shared equally among the websites.
    const allocated = await days('2026-03-03', '2026-03-03', { shared: 'allocated' });
    expect(allocated.map((row) => [row.website_id, row.amount])).toEqual([
      [a, 5],
      [b, 5],
    ]);
  });

  it('converts stored costs at their day’s rate and shares the fleet’s by views', async () => {
    const [a, b] = [await website('va', 0, 12, null), await website('vb', 0, 12, null)];
    await db.execute(
      sql`INSERT INTO costs (website_id, day, kind, source, amount, currency) VALUES
            (NULL, '2026-05-04', 'other', 'manual', 30, 'INR'),
            (NULL, '2026-05-05', 'other', 'manual', 10, 'USD'),
            (${a}, '2026-05-04', 'generation', 'model', 2, 'USD'),
            (${a}, '2026-05-20', 'generation', 'model', 3, 'USD')`,
    );
    // Friday's rate holds over the weekend; none within a week of the 20th.
    await db.execute(
      sql`INSERT INTO exchange_rates (currency, day, rate) VALUES ('USD', '2026-05-01', 85.5)`,
    );
    await db.execute(
      sql`INSERT INTO traffic_daily (website_id, source, day, views) VALUES
            (${a}, 'beacon', '2026-05-04', 1), (${b}, 'beacon', '2026-05-04', 2),
            (${a}, 'google', '2026-05-05', 9)`,
    );
    const fleet = await days('2026-05-01', '2026-05-31', { shared: 'fleet' });
    expect(fleet.map((row) => [row.website_id, row.day, row.amount, row.currency])).toEqual([
      [a, '2026-05-04', 171, 'USD'],
      [null, '2026-05-04', 30, 'INR'],
      [null, '2026-05-05', 855, 'USD'],
      [a, '2026-05-20', null, 'USD'],
    ]);
    const allocated = await days('2026-05-01', '2026-05-31', {
      shared: 'allocated',
      websiteIds: [b],
    });
    expect(allocated.map((row) => [row.day, row.amount])).toEqual([
      ['2026-05-04', 20],
      ['2026-05-05', 427.5],
    ]);
  });
});

interface LedgerRow {
  website_id: number | null;
  date: string;
  kind: string;
  source: string | null;
  amount: number;
  currency: string;
  amount_base: number | null;
  note: string | null;
}

describe('the ledger', () => {
  it('answers hosting to the paisa over a renewal period, with its totals', async () => {
    const yearly = await website('ledger', 1000, 12, '2027-01-01');
    const answer = await admin.get(
      `/api/costs?website_id=${yearly}&from=2026-01-01&to=2026-12-31&per_page=1000`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ currency: 'INR', total: 365, missing_rates: [] });
    expect(answer.body.rows[0]).toEqual({
      website_id: yearly,
      date: '2026-01-01',
      kind: 'hosting',
      source: null,
      amount: 2.739726,
      currency: 'INR',
      amount_base: 2.74,
      note: null,
    });
    // The totals sum the rows' rounded figures.
    expect(answer.body.totals).toEqual({
      hosting: 1000.1,
      instances: 0,
      generation: 0,
      social: 0,
      other: 0,
      total: 1000.1,
    });
    const page = await admin.get(
      `/api/costs?website_id=${yearly}&from=2026-01-01&to=2026-12-31&per_page=100&page=4`,
    );
    expect(page.body).toMatchObject({ current_page: 4, last_page: 4, per_page: 100, total: 365 });
    expect(page.body.rows).toHaveLength(65);
  });

  it('adds an other cost, and refuses to add a worked-out kind', async () => {
    const site = await website('added', 0, 12, null);
    const added = await admin.post('/api/costs', {
      website_id: site,
      date: '2026-06-01',
      kind: 'other',
      amount: 250.5,
      currency: 'inr',
      note: ' A theme ',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      website_id: site,
      date: '2026-06-01',
      kind: 'other',
      source: 'manual',
      amount: 250.5,
      currency: 'INR',
      amount_base: 250.5,
      note: 'A theme',
    });
    const fleet = await admin.post('/api/costs', {
      date: '2026-06-02',
      kind: 'other',
      amount: 10,
      currency: 'INR',
    });
    expect(fleet.status).toBe(201);
    expect(fleet.body.website_id).toBeNull();
    const hosting = await admin.post('/api/costs', {
      website_id: site,
      date: '2026-06-01',
      kind: 'hosting',
      amount: 5,
      currency: 'INR',
    });
    expect(hosting.status).toBe(422);
    expect(hosting.body.errors.kind).toEqual([COSTS_MESSAGES.workedOut('hosting')]);
    const unknown = await admin.post('/api/costs', {
      website_id: 2_000_000_000,
      date: '2026-06-01',
      kind: 'other',
      amount: 5,
      currency: 'INR',
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['website_id']);
    const noAmount = await admin.post('/api/costs', {
      date: '2026-06-01',
      kind: 'other',
      amount: null,
      currency: 'INR',
    });
    expect(noAmount.status).toBe(422);
    const ledger = await admin.get('/api/costs?from=2026-06-01&to=2026-06-30&kind=other');
    expect(ledger.body.rows.map((row: LedgerRow) => [row.website_id, row.amount])).toEqual([
      [site, 250.5],
      [null, 10],
    ]);
  });

  it('converts at the dated rate and shows a missing rate as missing', async () => {
    cleanUp();
    const rates = await admin.put('/api/exchange-rates', {
      rates: [
        { date: '2026-07-03', currency: 'usd', rate: 85.25 },
        { date: '2026-07-10', currency: 'USD', rate: 86 },
      ],
    });
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    expect(rates.body).toEqual({ updated: 2 });
    for (const date of ['2026-07-06', '2026-07-10', '2026-07-20']) {
      const added = await admin.post('/api/costs', {
        date,
        kind: 'other',
        amount: 2,
        currency: 'USD',
      });
      expect(added.status).toBe(201);
    }
    const ledger = await admin.get('/api/costs?from=2026-07-01&to=2026-07-31');
    // Friday's rate holds on Monday; nothing within a week before the 20th.
    expect(ledger.body.rows.map((row: LedgerRow) => [row.date, row.amount_base])).toEqual([
      ['2026-07-06', 170.5],
      ['2026-07-10', 172],
      ['2026-07-20', null],
    ]);
    expect(ledger.body.missing_rates).toEqual(['USD']);
    expect(ledger.body.totals).toMatchObject({ other: null, total: null, hosting: 0 });
    const read = await admin.get('/api/exchange-rates?currency=USD&from=2026-07-01&to=2026-07-31');
    expect(read.body).toEqual({
      currency: 'INR',
      rows: [
        { date: '2026-07-03', currency: 'USD', rate: 85.25, source: 'manual' },
        { date: '2026-07-10', currency: 'USD', rate: 86, source: 'manual' },
      ],
    });
  });

  it('sets exchange rates all or none', async () => {
    cleanUp();
    const bad = await admin.put('/api/exchange-rates', {
      rates: [
        { date: '2026-08-03', currency: 'EUR', rate: 95 },
        { date: '2026-08-03', currency: 'INR', rate: 1 },
        { date: '2026-08-04', currency: 'GBP', rate: 0 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['rates.2.rate']).toEqual([COSTS_MESSAGES.rateInvalid]);
    const base = await admin.put('/api/exchange-rates', {
      rates: [
        { date: '2026-08-03', currency: 'EUR', rate: 95 },
        { date: '2026-08-03', currency: 'INR', rate: 1 },
      ],
    });
    expect(base.status).toBe(422);
    expect(base.body.errors).toEqual({ 'rates.1.currency': [COSTS_MESSAGES.baseCurrency] });
    const twice = await admin.put('/api/exchange-rates', {
      rates: [
        { date: '2026-08-03', currency: 'EUR', rate: 95 },
        { date: '2026-08-03', currency: 'eur', rate: 96 },
      ],
    });
    expect(twice.status).toBe(422);
    expect((await admin.put('/api/exchange-rates', { rates: [] })).status).toBe(422);
    const written = await queryRows(db, sql`SELECT 1 FROM exchange_rates`);
    expect(written).toEqual([]);
  });
});

describe('billed costs', () => {
  it("charges an AI call's tokens to its website, even when its answer is refused", async () => {
    const site = await website('ai', 0, 12, null);
    await setSetting(admin, 'ai.base_url', `${outside.url}/v1`);
    await setSetting(admin, 'ai.model', 'writer-1');
    await setSetting(admin, 'ai.api_key', 'sk-test');
    await setSetting(admin, ECONOMICS_SETTINGS.aiInputPricePer1k, '0.5');
    await setSetting(admin, ECONOMICS_SETTINGS.aiOutputPricePer1k, '1.5');
    const answers = [
      {
        content: 'A fine text',
        finish: 'stop',
        usage: { prompt_tokens: 1200, completion_tokens: 300 },
      },
      { content: 'not json', finish: 'stop', usage: { prompt_tokens: 100, completion_tokens: 20 } },
      { content: 'Cut', finish: 'length', usage: { prompt_tokens: 10, completion_tokens: 2 } },
      { content: 'Unmetered', finish: 'stop', usage: undefined },
    ];
    const first = outside.requests.length;
    outside.answer((_request, index) => {
      const answer = answers[index - first]!;
      return {
        status: 200,
        json: {
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'writer-1',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: answer.content, refusal: null },
              finish_reason: answer.finish,
              logprobs: null,
            },
          ],
          ...(answer.usage && {
            usage: {
              ...answer.usage,
              total_tokens: answer.usage.prompt_tokens + answer.usage.completion_tokens,
            },
          }),
        },
      };
    });
    const messages = [{ role: 'user' as const, content: 'Write' }];
    expect(await complete(context, messages, { websiteId: site })).toBe('A fine text');
    await expect(completeJson(context, messages, z.object({}), site)).rejects.toThrow();
    await expect(complete(context, messages, { websiteId: site })).rejects.toThrow();
    expect(await complete(context, messages, { websiteId: site })).toBe('Unmetered');
    const rows = await queryRows(
      db,
      sql`SELECT website_id, day::text AS day, kind, source, amount::float8 AS amount, currency,
                 input_tokens, output_tokens
          FROM costs ORDER BY id`,
    );
    const day = utcDay(Date.now());
    const row = (amount: number, input: number, output: number) => ({
      website_id: site,
      day,
      kind: 'generation',
      source: 'writer-1',
      amount,
      currency: 'USD',
      input_tokens: input,
      output_tokens: output,
    });
    // 1,200 × 0.5 + 300 × 1.5 per 1,000; no row for the answer without usage.
    expect(rows).toEqual([row(1.05, 1200, 300), row(0.08, 100, 20), row(0.008, 10, 2)]);
  });

  it("lands an X post's cost on its website, on its quota day", async () => {
    const site = await website('x', 0, 12, null);
    const job = { data: { channelId: 2_000_000_000, target: 'twitter', quotaDay: '2999-01-01' } };
    await db.transaction((tx) =>
      addPostCost(
        context,
        tx,
        job as unknown as RunningJob,
        {
          website: { id: site },
        } as unknown as VariantContent,
      ),
    );
    const rows = await queryRows(
      db,
      sql`SELECT website_id, day::text AS day, kind, source, amount::float8 AS amount, currency
          FROM costs`,
    );
    expect(rows).toEqual([
      {
        website_id: site,
        day: '2999-01-01',
        kind: 'social',
        source: 'twitter',
        amount: 0.2,
        currency: 'USD',
      },
    ]);
  });
});

describe('the ECB rates', () => {
  /** The ECB's daily file as it is published (single-quoted attributes), for two days. */
  const ecbFile = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-11-27'>
\t\t\t<Cube currency='USD' rate='1.0512'/>
\t\t\t<Cube currency='JPY' rate='160.25'/>
\t\t\t<Cube currency='INR' rate='90.1234'/>
\t\t</Cube>
\t\t<Cube time="2026-11-26">
\t\t\t<Cube currency="USD" rate="1.05"/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

  it('fetches the daily reference rates into the base currency, never over a manual rate', async () => {
    cleanUp();
    expect(await fetchEcbRates(context)).toBe(0);
    await setSetting(admin, ECONOMICS_SETTINGS.ecbRatesUrl, `${outside.url}/eurofxref-daily.xml`);
    outside.answer(() => ({ status: 200, text: ecbFile, headers: { 'content-type': 'text/xml' } }));
    const manual = await admin.put('/api/exchange-rates', {
      rates: [{ date: '2026-11-27', currency: 'JPY', rate: 0.55 }],
    });
    expect(manual.status).toBe(200);
    // USD and EUR of the 27th (JPY's is the manual one); the 26th has no rupee: nothing of it.
    expect(await fetchEcbRates(context)).toBe(2);
    const rates = await admin.get('/api/exchange-rates?from=2026-11-20&to=2026-11-30');
    expect(rates.body.rows).toEqual([
      { date: '2026-11-27', currency: 'EUR', rate: 90.1234, source: 'ecb' },
      { date: '2026-11-27', currency: 'JPY', rate: 0.55, source: 'manual' },
      {
        date: '2026-11-27',
        currency: 'USD',
        rate: expect.closeTo(90.1234 / 1.0512, 9),
        source: 'ecb',
      },
    ]);
    // Fetched again: the same rates.
    expect(await fetchEcbRates(context)).toBe(2);

    outside.answer(() => ({
      status: 200,
      text: ecbFile.replace("rate='160.25'", "rate='-1'"),
    }));
    await expect(fetchEcbRates(context)).rejects.toThrow(/cannot be read/);
    outside.answer(() => ({ status: 200, text: '<html>Not here</html>' }));
    await expect(fetchEcbRates(context)).rejects.toThrow(/gesmes:Envelope/);
  });
});
