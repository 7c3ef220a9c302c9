import { addMonths, MONITOR_ERRORS, toIsoDate } from '@sitefleet/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeHttp } from '../../../test/fake-http.ts';
import { createWebsite, quietTaskContext, serverForFile } from '../../../test/fixtures.ts';
import { FAST_QUEUE_ENV, setSetting, TEST_DB, waitFor } from '../../../test/harness.ts';
import { startHttpsSite, startLocalSite, startLocalSmtp } from '../../../test/local-sites.ts';
import type { RunningJob } from '../../jobs/queue.ts';
import { sendNotifications } from '../../pipeline/notifications.ts';
import { FIXED_TASKS, MONITOR_CHECK_TASK } from '../../tasks.ts';

/**
 * The monitor against local websites, and its notifications through a local SMTP server and a
 * local chat webhook: real checks, real jobs, real database.
 */
describe('site monitoring and notifications', async () => {
  const [site, chat, smtp] = await Promise.all([
    startLocalSite(),
    startFakeHttp(),
    startLocalSmtp(),
  ]);
  afterAll(async () => {
    await Promise.all([site.close(), chat.close(), smtp.close()]);
  });
  const server = await serverForFile(FAST_QUEUE_ENV, { workers: true });
  const admin = await server.admin();
  await setSetting(admin, 'smtp.host', '127.0.0.1');
  await setSetting(admin, 'smtp.port', String(smtp.port));
  await setSetting(admin, 'smtp.from', 'monitor@example.com');
  await setSetting(admin, 'notifications.webhook_url', `${chat.url}/hooks/alerts`);

  const check = async (id: number) => {
    const response = await admin.post(`/api/websites/${id}/monitor/check`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const notifications = async (client = admin) => {
    const response = await client.get('/api/notifications?per_page=100');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as {
      unread_count: number;
      data: { id: number; kind: string; title: string; read_at: string | null }[];
    };
  };

  it('takes a website down after two failed checks, tells the admin in the app, by e-mail and in the chat, and tells of its recovery', async () => {
    const website = await createWebsite(admin, { name: 'Bakery', url: site.url });
    const first = await check(website.id);
    expect(first).toMatchObject({ status: 'up', http_status: 200, error: null });
    expect(first.response_ms).toEqual(expect.any(Number));
    const before = await notifications();

    await site.stop();
    const once = await check(website.id);
    expect(once.status).toBe('up');
    expect(once.checks[0]).toMatchObject({ ok: false, http_status: null });
    expect(once.checks[0].error).toMatch(/^could not connect/);
    expect((await notifications()).unread_count).toBe(before.unread_count);

    const twice = await check(website.id);
    expect(twice.status).toBe('down');
    expect(twice.checks.map((row: { ok: boolean }) => row.ok)).toEqual([false, false, true]);
    const down = await notifications();
    expect(down.unread_count).toBe(before.unread_count + 1);
    expect(down.data[0]).toMatchObject({
      kind: 'website_down',
      title: 'Bakery is down',
      link: `/admin/websites?settings=${website.id}&tab=monitoring`,
      read_at: null,
    });

    const mail = await waitFor(
      async () => smtp.mails.find((m) => m.text.includes('Bakery is down')),
      {
        what: 'the e-mail',
      },
    );
    expect(mail.to).toEqual(['admin@example.com']);
    expect(mail.from).toBe('monitor@example.com');
    const call = await waitFor(
      async () => chat.requests.find((r) => r.body.includes('Bakery is down')),
      {
        what: 'the chat message',
      },
    );
    expect(call.url).toBe('/hooks/alerts');
    expect(JSON.parse(call.body).text).toContain('Bakery is down');

    // Still down: no reminder within the half hour.
    await check(website.id);
    expect((await notifications()).unread_count).toBe(before.unread_count + 1);

    await site.start();
    const back = await check(website.id);
    expect(back.status).toBe('up');
    const up = await notifications();
    expect(up.unread_count).toBe(before.unread_count + 2);
    expect(up.data[0]).toMatchObject({
      kind: 'website_up',
      title: 'Bakery is up again',
      link: `/admin/websites?settings=${website.id}&tab=monitoring`,
    });
    await waitFor(async () => smtp.mails.some((m) => m.text.includes('Bakery is up again')), {
      what: 'the recovery e-mail',
    });

    const listed = await admin.get('/api/monitor?status=up&query=Bakery');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: website.id, status: 'up' })]);
    const monitor = await admin.get(`/api/websites/${website.id}/monitor`);
    // Up, three failures, up.
    expect(monitor.body.uptime_24h).toBe(40);
  });

  it('reads a self-signed certificate expiring in 5 days: its expiry, a down website and one ssl_expiring', async () => {
    const notAfter = new Date(Date.now() + 5 * 86_400_000);
    const https = await startHttpsSite(notAfter);
    try {
      const website = await createWebsite(admin, { name: 'Secure shop', url: https.url });
      const checked = await check(website.id);
      expect(
        Math.abs(new Date(checked.ssl_expires_at).getTime() - notAfter.getTime()),
      ).toBeLessThan(1000);
      expect(checked.checks[0].error).toMatch(/^certificate not trusted \(/);
      expect((await check(website.id)).status).toBe('down');
      const expiring = (await notifications()).data.filter(
        (row) => row.kind === 'ssl_expiring' && row.title.startsWith('Secure shop'),
      );
      expect(expiring).toHaveLength(1);
      expect(expiring[0]!.title).toMatch(/certificate expires in [45] days/);
    } finally {
      await https.close();
    }
  });

  it('calls a page that answers without the keyword down, the keyword not found', async () => {
    const website = await createWebsite(admin, { url: site.url, monitor_keyword: 'Opening hours' });
    expect(website.monitor_keyword).toBe('Opening hours');
    const checked = await check(website.id);
    expect(checked.checks[0]).toMatchObject({
      ok: false,
      http_status: 200,
      error: MONITOR_ERRORS.keyword,
    });
  });

  it('mutes the alerts of a website in maintenance', async () => {
    const closed = await startLocalSite();
    await closed.stop();
    const website = await createWebsite(admin, { name: 'Quiet', url: closed.url });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const started = await admin.post(`/api/websites/${website.id}/maintenance`, { until });
    expect(started.status).toBe(200);
    expect(started.body.maintenance_until).toBe(until);
    await check(website.id);
    expect((await check(website.id)).status).toBe('down');
    expect((await notifications()).data.some((row) => row.title === 'Quiet is down')).toBe(false);
    const ended = await admin.delete(`/api/websites/${website.id}/maintenance`);
    expect(ended.body.maintenance_until).toBeNull();
    await check(website.id);
    expect((await notifications()).data.some((row) => row.title === 'Quiet is down')).toBe(true);
    const past = await admin.post(`/api/websites/${website.id}/maintenance`, { until: 'soon' });
    expect(past.status).toBe(422);
    expect(Object.keys(past.body.errors)).toEqual(['until']);
  });

  it('counts the renewals within 30 days with their cost, leaving out inactive websites', async () => {
    const today = toIsoDate(new Date());
    const inDays = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));
    const soon = await createWebsite(admin, { next_renewal_date: inDays(10), cost: 12.5 });
    const later = await createWebsite(admin, { next_renewal_date: inDays(25), cost: 30 });
    await createWebsite(admin, { next_renewal_date: inDays(40), cost: 99 });
    await createWebsite(admin, { next_renewal_date: inDays(5), cost: 7, status: 2 });
    // Without a date of its own, a website renews a year after it is made: outside the window.
    const yearly = await createWebsite(admin, { cost: 5 });
    expect(yearly.next_renewal_date).toBe(addMonths(today, 12));
    const response = await admin.get('/api/stats/renewals?days=30');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      count: 2,
      total_cost: 42.5,
      websites: [
        { id: soon.id, name: soon.name, next_renewal_date: inDays(10), cost: 12.5 },
        { id: later.id, name: later.name, next_renewal_date: inDays(25), cost: 30 },
      ],
    });
    const bad = await admin.get('/api/stats/renewals?days=soon');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['days']);
  });

  it('shows each user only their own notifications', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const own = await notifications(viewer);
    const adminIds = new Set((await notifications()).data.map((row) => row.id));
    expect(own.data.some((row) => adminIds.has(row.id))).toBe(false);
    const [first] = (await notifications()).data;
    expect((await viewer.post(`/api/notifications/${first!.id}/read`)).status).toBe(404);
    const read = await admin.post(`/api/notifications/${first!.id}/read`);
    expect(read.status).toBe(200);
    const all = await admin.post('/api/notifications/read-all');
    expect(all.body.unread_count).toBe(0);
    expect((await notifications()).unread_count).toBe(0);
  });

  it('keeps each kind on the channels the user chose', async () => {
    const saved = await admin.get('/api/profile/notifications');
    expect(saved.body.kinds.website_down).toEqual({ in_app: true, email: true, chat: true });
    const kinds = {
      ...saved.body.kinds,
      website_down: { in_app: true, email: false, chat: false },
    };
    const put = await admin.put('/api/profile/notifications', { kinds });
    expect(put.status).toBe(200);
    expect((await admin.get('/api/profile/notifications')).body.kinds.website_down).toEqual({
      in_app: true,
      email: false,
      chat: false,
    });
    const bad = await admin.put('/api/profile/notifications', {
      kinds: { ...kinds, website_down: { in_app: 'yes', email: true, chat: true } },
    });
    expect(bad.status).toBe(422);
  });

  it('queues the active websites due a check for the workers, which check them', async () => {
    const fresh = await Promise.all([1, 2, 3].map(() => createWebsite(admin, { url: site.url })));
    const inactive = await createWebsite(admin, { url: site.url, status: 2 });
    const task = FIXED_TASKS.find((entry) => entry.command === MONITOR_CHECK_TASK)!;
    await task.run(quietTaskContext(server));
    const checked = await waitFor(
      async () => {
        const rows = await Promise.all(
          fresh.map(
            async (website) => (await admin.get(`/api/websites/${website.id}/monitor`)).body,
          ),
        );
        return rows.every((row) => row.checked_at !== null) && rows;
      },
      { what: 'the due websites checked' },
    );
    expect(checked.map((row) => row.status)).toEqual(['up', 'up', 'up']);
    const skipped = await admin.get(`/api/websites/${inactive.id}/monitor`);
    expect(skipped.body).toMatchObject({ status: 'unknown', checked_at: null, checks: [] });
  });

  // One notification's e-mail and chat jobs run side by side: each claims the row for its own
  // channel, and neither may pass over it because the other holds it.
  it.runIf(TEST_DB === 'postgres')(
    "sends a notification's chat message while its e-mail's claim holds the row",
    async () => {
      const other = new pg.Client({ connectionString: server.database.url! });
      await other.connect();
      try {
        const { rows } = await other.query<{ id: number }>(
          `INSERT INTO notifications (user_id, kind, subjects, title, body, email_state, chat_state)
           VALUES (1, 'website_down', '{}', 'Held is down', 'held', 'pending', 'pending')
           RETURNING id`,
        );
        await other.query('BEGIN');
        await other.query(`UPDATE notifications SET email_state = 'sending' WHERE id = $1`, [
          rows[0]!.id,
        ]);
        let finished = false;
        const sending = sendNotifications(server.context, {
          data: { channel: 'chat' },
        } as RunningJob<'notification-send'>).finally(() => {
          finished = true;
        });
        const waitingOnTheRow = async () => {
          // This database's backends only: other test files run beside this one on the server.
          const locks = await other.query(
            `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a USING (pid)
             WHERE NOT l.granted AND a.datname = current_database()`,
          );
          return locks.rowCount! > 0;
        };
        await waitFor(async () => finished || (await waitingOnTheRow()), {
          what: 'the chat send to finish or to wait for the row',
        });
        await other.query('COMMIT');
        await sending;
      } finally {
        await other.end();
      }
      expect(chat.requests.some((request) => request.body.includes('Held is down'))).toBe(true);
    },
  );
});
