import { createHash } from 'node:crypto';
import {
  COST_MESSAGES,
  INSTANCE_LOGS_PER_PAGE,
  INSTANCE_MESSAGES,
  INSTANCE_ORDER_KEYS,
  MESSAGES,
  ORDER_MESSAGES,
  unknownIdsMessage,
} from '@sitefleet/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { expectSortsBothWays } from '../../../test/harness.ts';
import { instanceLogs, instances } from '../../db/schema.ts';

const server = await serverForFile();
const admin = await server.admin();

let sequence = 0;
const instanceInput = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    instance_id: `i-0abc${sequence}`,
    ip_address: `10.0.0.${sequence}`,
    current_state: 'running',
    gap: '06:15',
    region: 'ap-south-1',
    type: 'small',
    cost: 350,
    ...overrides,
  };
};

const createInstance = async (overrides: Record<string, unknown> = {}) => {
  const response = await admin.post('/api/instances', instanceInput(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; instance_id: string; [key: string]: unknown };
};

/** The original product's messages, word for word, for a form left empty. */
const REQUIRED_ERRORS = {
  instance_id: ['Instance ID is required'],
  ip_address: ['IP Address is required'],
  current_state: ['Server state is required'],
  gap: ['Gap is required'],
  region: ['Region is required'],
  type: ['Server type is required'],
  cost: ['Cost is required'],
};

describe('the instance form', () => {
  it('answers the saved instance, with numbers typed as text read as numbers', async () => {
    const response = await admin.post(
      '/api/instances',
      instanceInput({ instance_id: 'i-0first', ip_address: '203.0.113.7', cost: '420.75' }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      instance_id: 'i-0first',
      ip_address: '203.0.113.7',
      current_state: 'running',
      gap: '06:15',
      region: 'ap-south-1',
      type: 'small',
      cost: 420.75,
      created_at: expect.any(String),
      agent_token: expect.any(String),
    });
  });

  it("gives each of the original product's messages for an empty form", async () => {
    const response = await admin.post('/api/instances', {});
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(REQUIRED_ERRORS);
  });

  it('gives the same messages for blank fields, as a form sends them', async () => {
    const blank = Object.fromEntries(Object.keys(instanceInput()).map((field) => [field, '']));
    const response = await admin.post('/api/instances', blank);
    expect(response.body.errors).toEqual(REQUIRED_ERRORS);
  });

  it.each(['abc', '12,5', '1e3', true, [1]])(
    "says 'Cost must be a number' for %j",
    async (cost) => {
      const response = await admin.post('/api/instances', instanceInput({ cost }));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ cost: ['Cost must be a number'] });
      expect(COST_MESSAGES.invalid).toBe('Cost must be a number');
    },
  );

  it.each([
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4x',
    '01.2.3.4',
    '1.2.3.4.5',
    '1.2.3.-4',
    '1.2.3.4 5',
    'a.b.c.d',
    '::1',
  ])("says 'Must be a valid IPv4 address' for %j", async (ip) => {
    const response = await admin.post('/api/instances', instanceInput({ ip_address: ip }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ ip_address: ['Must be a valid IPv4 address'] });
  });

  it.each(['0.0.0.0', '255.255.255.255', '192.168.10.1'])('takes the address %s', async (ip) => {
    expect((await admin.post('/api/instances', instanceInput({ ip_address: ip }))).status).toBe(
      201,
    );
  });

  it('refuses values that are not among the options', async () => {
    const response = await admin.post(
      '/api/instances',
      instanceInput({ gap: '06:10', region: 'mars-1', type: 'huge', current_state: 'sleeping' }),
    );
    expect(response.body.errors).toEqual({
      gap: [INSTANCE_MESSAGES.gapInvalid],
      region: [INSTANCE_MESSAGES.regionInvalid],
      type: [INSTANCE_MESSAGES.typeInvalid],
      current_state: [INSTANCE_MESSAGES.stateInvalid],
    });
  });

  it('refuses a negative cost and unknown fields', async () => {
    const response = await admin.post(
      '/api/instances',
      instanceInput({ cost: -5, agent_token_hash: 'x' }),
    );
    expect(response.body.errors).toEqual({
      cost: [COST_MESSAGES.negative],
      agent_token_hash: [MESSAGES.unknownField('agent_token_hash')],
    });
  });

  it('keeps instance ids unique, with a field error', async () => {
    const first = await createInstance({ instance_id: 'i-0unique' });
    const taken = await admin.post('/api/instances', instanceInput({ instance_id: 'i-0unique' }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ instance_id: [INSTANCE_MESSAGES.instanceIdTaken] });

    const other = await createInstance();
    const renamed = await admin.put(
      `/api/instances/${other.id}`,
      instanceInput({ instance_id: 'i-0unique' }),
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ instance_id: [INSTANCE_MESSAGES.instanceIdTaken] });

    const kept = await admin.put(
      `/api/instances/${first.id}`,
      instanceInput({ instance_id: 'i-0unique', current_state: 'stopped' }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ instance_id: 'i-0unique', current_state: 'stopped' });
  });

  it('checks an edit like a create', async () => {
    const instance = await createInstance();
    const response = await admin.put(`/api/instances/${instance.id}`, { ip_address: '1.2.3' });
    expect(response.status).toBe(422);
    expect(response.body.errors.ip_address).toEqual(['Must be a valid IPv4 address']);
    expect(response.body.errors.instance_id).toEqual(['Instance ID is required']);
  });

  it('answers 404 for an unknown instance', async () => {
    expect((await admin.put('/api/instances/999999', instanceInput())).status).toBe(404);
    expect((await admin.get('/api/instances/999999')).status).toBe(404);
    expect((await admin.delete('/api/instances/999999')).status).toBe(404);
    expect((await admin.post('/api/instances/999999/rotate-token')).status).toBe(404);
  });
});

describe('the instances list', () => {
  let ids: number[];
  beforeAll(async () => {
    await server.database.db.delete(instances);
    ids = [];
    for (const [instanceId, ip, region] of [
      ['i-0aaa111', '203.0.113.10', 'us-east-1'],
      ['i-0bbb222', '198.51.100.20', 'eu-west-2'],
      ['i-0ccc333', '192.0.2.30', 'eu-west-3'],
    ]) {
      ids.push((await createInstance({ instance_id: instanceId, ip_address: ip, region })).id);
    }
  });

  it('pages the instances, newest first', async () => {
    const response = await admin.get('/api/instances?page=1&per_page=2');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    expect(response.body.data.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);
  });

  it('searches instance id, ip address and region', async () => {
    const found = async (query: string) =>
      (await admin.get(`/api/instances?query=${encodeURIComponent(query)}`)).body.data.map(
        (row: { instance_id: string }) => row.instance_id,
      );
    expect(await found('BBB')).toEqual(['i-0bbb222']);
    expect(await found('203.0.113')).toEqual(['i-0aaa111']);
    expect(await found('eu-west')).toEqual(['i-0ccc333', 'i-0bbb222']);
    expect(await found('nowhere')).toEqual([]);
  });

  it('sorts by instance id, state, region, cost and creation; the id breaks ties', async () => {
    const db = server.database.db;
    for (const [id, currentState, cost] of [
      [ids[0]!, 'stopped', 350],
      [ids[1]!, 'terminated', 120.5],
      [ids[2]!, 'running', 350],
    ] as const) {
      await db.update(instances).set({ currentState, cost }).where(eq(instances.id, id));
    }
    await expectSortsBothWays(
      admin,
      '/api/instances?query=i-0',
      (row: { instance_id: string }) => row.instance_id,
      {
        instance_id: ['i-0aaa111', 'i-0bbb222', 'i-0ccc333'],
        current_state: ['i-0ccc333', 'i-0aaa111', 'i-0bbb222'],
        region: ['i-0bbb222', 'i-0ccc333', 'i-0aaa111'],
        cost: ['i-0bbb222', 'i-0aaa111', 'i-0ccc333'],
        created_at: ['i-0aaa111', 'i-0bbb222', 'i-0ccc333'],
      },
    );
  });

  it('answers 422 for an unknown order key', async () => {
    const response = await admin.get('/api/instances?order_key=ip_address');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      order_key: [ORDER_MESSAGES.keyInvalid(INSTANCE_ORDER_KEYS)],
    });
  });
});

describe('deleting instances', () => {
  it('deletes one instance with its logs', async () => {
    const instance = await createInstance();
    await server.database.db
      .insert(instanceLogs)
      .values({ instanceId: instance.id, ipAddress: '10.0.0.1', gap: '06:15', status: 'sent' });
    const response = await admin.delete(`/api/instances/${instance.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: INSTANCE_MESSAGES.deleted(1) });
    const logs = await server.database.db
      .select()
      .from(instanceLogs)
      .where(eq(instanceLogs.instanceId, instance.id));
    expect(logs).toEqual([]);
  });

  it('bulk deletes, all or nothing', async () => {
    const a = await createInstance();
    const b = await createInstance();
    const refused = await admin.delete('/api/instances', { ids: [a.id, b.id, 999999] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ids: [unknownIdsMessage([999999])] });
    const stillThere = () =>
      server.database.db
        .select({ id: instances.id })
        .from(instances)
        .where(inArray(instances.id, [a.id, b.id]));
    expect(await stillThere()).toHaveLength(2);

    const response = await admin.delete('/api/instances', { ids: [a.id, b.id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: INSTANCE_MESSAGES.deleted(2) });
    expect(await stillThere()).toEqual([]);
  });
});

describe('Instance Detailed Logs', () => {
  it('pages the logs newest first, with total_pages', async () => {
    const instance = await createInstance();
    const other = await createInstance();
    const total = INSTANCE_LOGS_PER_PAGE * 2 + 3;
    const start = Date.now();
    await server.database.db.insert(instanceLogs).values([
      ...Array.from({ length: total }, (_, n) => ({
        instanceId: instance.id,
        ipAddress: '10.0.0.9',
        gap: '06:15',
        status: `step ${n}`,
        createdAt: new Date(start - (total - n) * 60_000),
      })),
      { instanceId: other.id, ipAddress: '10.0.0.8', gap: '00:00', status: 'elsewhere' },
    ]);

    const first = await admin.get(`/api/instance_instructions?instance_id=${instance.id}&page=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      current_page: 1,
      total_pages: 3,
      total,
      per_page: INSTANCE_LOGS_PER_PAGE,
    });
    expect(first.body.data).toHaveLength(INSTANCE_LOGS_PER_PAGE);
    expect(first.body.data[0]).toEqual({
      id: expect.any(Number),
      ip_address: '10.0.0.9',
      gap: '06:15',
      status: `step ${total - 1}`,
      created_at: expect.any(String),
    });

    const last = await admin.get(`/api/instance_instructions?instance_id=${instance.id}&page=3`);
    expect(last.body.data.map((log: { status: string }) => log.status)).toEqual([
      'step 2',
      'step 1',
      'step 0',
    ]);
    const noPage = await admin.get(`/api/instance_instructions?instance_id=${instance.id}`);
    expect(noPage.body.current_page).toBe(1);
  });

  it('answers one empty page for an instance without logs', async () => {
    const instance = await createInstance();
    const response = await admin.get(`/api/instance_instructions?instance_id=${instance.id}`);
    expect(response.body).toMatchObject({ data: [], total_pages: 1, total: 0 });
  });

  it('answers 404 for an unknown instance and 422 for a missing or bad one', async () => {
    expect((await admin.get('/api/instance_instructions?instance_id=999999')).status).toBe(404);
    for (const query of ['', '?instance_id=', '?instance_id=abc', '?instance_id=-1']) {
      const response = await admin.get(`/api/instance_instructions${query}`);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        instance_id: [INSTANCE_MESSAGES.logsInstanceIdInvalid],
      });
    }
  });
});

describe('the agent token', () => {
  it('is issued with the instance and answered this once, and the agent signs in with it', async () => {
    const response = await admin.post('/api/instances', instanceInput());
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = response.body.agent_token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [row] = await server.database.db
      .select({ hash: instances.agentTokenHash })
      .from(instances)
      .where(eq(instances.id, response.body.id));
    expect(row!.hash).toBe(createHash('sha256').update(token).digest('hex'));
    const shown = JSON.stringify((await admin.get(`/api/instances/${response.body.id}`)).body);
    expect(shown).not.toContain(token);
    const agent = server.client();
    const heartbeat = (bearer: string) =>
      agent.post('/api/agent/heartbeat', {}, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await heartbeat(`${token}x`)).status).toBe(401);
    expect((await heartbeat(token)).status).toBe(200);
  });

  it('is shown once, stored only as its SHA-256, and never answered again', async () => {
    const instance = await createInstance();
    const response = await admin.post(`/api/instances/${instance.id}/rotate-token`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = response.body.token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [row] = await server.database.db
      .select({ hash: instances.agentTokenHash })
      .from(instances)
      .where(eq(instances.id, instance.id));
    expect(row!.hash).toBe(createHash('sha256').update(token).digest('hex'));
    const list = JSON.stringify((await admin.get('/api/instances?per_page=100')).body);
    expect(list).not.toContain(token);
    expect(list).not.toContain(row!.hash!);

    const again = await admin.post(`/api/instances/${instance.id}/rotate-token`);
    expect(again.body.token).not.toBe(token);
  });
});

describe('who may do what', () => {
  it('lets a viewer read the list but not write or read the logs', async () => {
    const viewer = await server.userWithRoles(['viewer']);
    const instance = await createInstance();
    expect((await viewer.get('/api/instances')).status).toBe(200);
    const refused = [
      () => viewer.post('/api/instances', instanceInput()),
      () => viewer.put(`/api/instances/${instance.id}`, instanceInput()),
      () => viewer.delete(`/api/instances/${instance.id}`),
      () => viewer.delete('/api/instances', { ids: [instance.id] }),
      () => viewer.post(`/api/instances/${instance.id}/rotate-token`),
      () => viewer.get(`/api/instance_instructions?instance_id=${instance.id}`),
    ];
    for (const call of refused) {
      const response = await call();
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(MESSAGES.forbidden);
    }
    expect((await admin.get(`/api/instances/${instance.id}`)).status).toBe(200);
  });

  it('lets an editor create, edit, read the logs and delete', async () => {
    const editor = await server.userWithRoles(['editor']);
    const created = await editor.post('/api/instances', instanceInput());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await editor.put(`/api/instances/${id}`, instanceInput())).status).toBe(200);
    expect((await editor.get(`/api/instance_instructions?instance_id=${id}`)).status).toBe(200);
    expect((await editor.post(`/api/instances/${id}/rotate-token`)).status).toBe(200);
    expect((await editor.delete(`/api/instances/${id}`)).status).toBe(200);
  });
});
