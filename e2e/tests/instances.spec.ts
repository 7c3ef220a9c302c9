import { expect, type Page, test } from '@playwright/test';
import {
  COST_MESSAGES,
  formatRupees,
  INSTANCE_LOGS_PER_PAGE,
  INSTANCE_MESSAGES,
  type Instance,
  type InstanceLogsPage,
} from '@sitefleet/contract';
import { api, removeIfPresent } from './api.ts';
import { ADMIN, signInThroughApi } from './users.ts';

/** What each test made, removed afterwards so that other suites see the demo data. */
let cleanups: (() => Promise<void>)[] = [];

test.beforeEach(async ({ page }) => {
  cleanups = [];
  await signInThroughApi(page, ADMIN);
});

test.afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An instance id no other test or run uses, e.g. 'i-e2e-k3x9a1'. */
const uniqueInstanceId = () =>
  `i-e2e-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

function removeLater(page: Page, id: number) {
  cleanups.push(() => removeIfPresent(page, `/api/instances/${id}`));
}

async function createInstance(page: Page, instanceId: string): Promise<Instance> {
  const instance = await api<Instance>(page, 'POST', '/api/instances', {
    instance_id: instanceId,
    ip_address: '198.51.100.7',
    current_state: 'running',
    gap: '06:15',
    region: 'eu-west-1',
    type: 'small',
    cost: 420,
  });
  removeLater(page, instance.id);
  return instance;
}

/** The instances list narrowed to one search, so that other rows never get in the way. */
async function openInstances(page: Page, query: string) {
  await page.goto(`/admin/instances?query=${encodeURIComponent(query)}`);
  await expect(page.getByRole('cell', { name: query }).first()).toBeVisible();
}

async function chooseFromMenu(page: Page, instanceId: string, action: string) {
  await page.getByRole('button', { name: `Options for ${instanceId}` }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

test('adding an instance shows each message of the spec, and a taken Instance ID', async ({
  page,
}) => {
  const taken = await createInstance(page, uniqueInstanceId());
  const instanceId = uniqueInstanceId();
  await page.goto('/admin/instances');
  await page.getByRole('button', { name: 'Add New Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Instance' });
  const save = dialog.getByRole('button', { name: 'Save' });

  await save.click();
  for (const message of [
    INSTANCE_MESSAGES.instanceIdRequired,
    INSTANCE_MESSAGES.ipAddressRequired,
    INSTANCE_MESSAGES.stateRequired,
    INSTANCE_MESSAGES.gapRequired,
    INSTANCE_MESSAGES.regionRequired,
    INSTANCE_MESSAGES.typeRequired,
    COST_MESSAGES.required,
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }

  await dialog.getByLabel('IP Address').fill('256.1.1.1');
  await dialog.getByLabel('Cost (₹)').fill('cheap');
  await save.click();
  await expect(dialog.getByText(INSTANCE_MESSAGES.ipAddressInvalid, { exact: true })).toBeVisible();
  await expect(dialog.getByText(COST_MESSAGES.invalid, { exact: true })).toBeVisible();

  await dialog.getByLabel('Instance ID').fill(taken.instance_id);
  await dialog.getByLabel('IP Address').fill('10.0.0.7');
  await dialog.getByLabel('Current State').selectOption('stopped');
  await dialog.getByLabel('Gap').selectOption('23:45');
  await dialog.getByLabel('Region').selectOption('ap-south-1');
  await dialog.getByLabel('Type').selectOption('nano');
  await dialog.getByLabel('Cost (₹)').fill('499.99');
  await save.click();
  await expect(dialog.getByText(INSTANCE_MESSAGES.instanceIdTaken, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('IP Address')).toHaveValue('10.0.0.7');

  await dialog.getByLabel('Instance ID').fill(instanceId);
  await save.click();
  await expect(page.getByText(INSTANCE_MESSAGES.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const [created] = (
    await api<{ data: Instance[] }>(page, 'GET', `/api/instances?query=${instanceId}`)
  ).data;
  removeLater(page, created!.id);

  // The agent's first token, shown this once, works for the agent API.
  const added = page.getByRole('dialog', { name: 'Instance added' });
  await expect(added.getByText('you will not see it again')).toBeVisible();
  await expect(added.getByRole('button', { name: 'Copy' })).toBeVisible();
  const token = await added.getByLabel('Agent token').inputValue();
  expect(token.length).toBeGreaterThanOrEqual(32);
  // The heartbeat records the address it is given (the request's own without one).
  const heartbeat = await page.request.post('/api/agent/heartbeat', {
    headers: { authorization: `Bearer ${token}` },
    data: { ip_address: '10.0.0.7' },
  });
  expect(heartbeat.status()).toBe(200);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search instances' }).fill(instanceId);
  const row = page.getByRole('row').filter({ hasText: instanceId });
  await expect(row).toHaveCount(1);
  for (const text of ['10.0.0.7', 'stopped', '23:45', 'ap-south-1', 'nano', formatRupees(499.99)]) {
    await expect(row).toContainText(text);
  }
});

test('an instance is edited, and its agent token rotated and shown once', async ({ page }) => {
  const instance = await createInstance(page, uniqueInstanceId());
  await openInstances(page, instance.instance_id);
  await chooseFromMenu(page, instance.instance_id, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit Instance' });
  await expect(dialog.getByLabel('Instance ID')).toHaveValue(instance.instance_id);

  await dialog.getByRole('button', { name: 'Rotate agent token' }).click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Rotate agent token' }).click();
  await expect(dialog.getByLabel('New agent token')).toHaveValue(/.{32,}/);

  await dialog.getByLabel('Cost (₹)').fill('800');
  await dialog.getByLabel('Current State').selectOption('stopping');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(INSTANCE_MESSAGES.updated)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: instance.instance_id });
  await expect(row).toContainText(formatRupees(800));
  await expect(row).toContainText('stopping');

  await chooseFromMenu(page, instance.instance_id, 'Edit');
  await expect(dialog.getByLabel('New agent token')).toHaveCount(0);
});

test('instances are deleted from the row menu and with Delete Selected', async ({ page }) => {
  const group = uniqueInstanceId();
  const [first, ...others] = [
    await createInstance(page, `${group}-a`),
    await createInstance(page, `${group}-b`),
    await createInstance(page, `${group}-c`),
  ];
  await openInstances(page, group);
  const table = page.getByRole('table', { name: 'Instances' });
  const groupRows = table.getByRole('row').filter({ hasText: group });
  await expect(groupRows).toHaveCount(3);

  await chooseFromMenu(page, first!.instance_id, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Instance' });
  await expect(confirm).toContainText(first!.instance_id);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(INSTANCE_MESSAGES.deleted(1))).toBeVisible();
  await expect(groupRows).toHaveCount(others.length);

  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: `Delete Selected (${others.length})` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Selected' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(INSTANCE_MESSAGES.deleted(others.length))).toBeVisible();
  await expect(table.getByRole('cell', { name: 'No results found...' })).toBeVisible();
});

test('Instance Detailed Logs pages through an instance’s logs', async ({ page }) => {
  // The demo instance with the most logs (12 to 27 each); agents may add more while it runs.
  const { data: instances } = await api<{ data: Instance[] }>(page, 'GET', '/api/instances');
  const totals = await Promise.all(
    instances.map(async (instance) => ({
      instance,
      total: (
        await api<InstanceLogsPage>(
          page,
          'GET',
          `/api/instance_instructions?instance_id=${instance.id}`,
        )
      ).total,
    })),
  );
  const { instance, total } = totals.reduce((most, next) =>
    next.total > most.total ? next : most,
  );
  const perPage = INSTANCE_LOGS_PER_PAGE;
  expect(total).toBeGreaterThan(2 * perPage);

  await openInstances(page, instance.instance_id);
  await chooseFromMenu(page, instance.instance_id, 'Details');
  const dialog = page.getByRole('dialog', { name: /Instance Detailed Logs/ });
  const rows = dialog.getByRole('table', { name: 'Instance logs' }).locator('tbody tr');
  const firstNumber = rows.first().getByRole('cell').first();
  await expect(rows).toHaveCount(perPage);
  await expect(dialog).toContainText(`Showing 1 to ${perPage} of ${total}`);
  await expect(rows.first()).toContainText(instance.ip_address);

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText(`Showing ${perPage + 1} to ${2 * perPage} of ${total}`);
  await expect(firstNumber).toHaveText(String(perPage + 1));

  await dialog.getByRole('button', { name: 'Page 3' }).click();
  await expect(dialog).toContainText(`Showing ${2 * perPage + 1} to `);
  await expect(firstNumber).toHaveText(String(2 * perPage + 1));

  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(firstNumber).toHaveText(String(perPage + 1));
});

test('a failed logs call says Error fetching logs', async ({ page }) => {
  const instance = await createInstance(page, uniqueInstanceId());
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await openInstances(page, instance.instance_id);
  // Deleted once listed: the logs call then answers 404, as it would for one deleted elsewhere.
  await api(page, 'DELETE', `/api/instances/${instance.id}`);
  await chooseFromMenu(page, instance.instance_id, 'Details');
  const dialog = page.getByRole('dialog', { name: /Instance Detailed Logs/ });
  await expect(dialog.getByText(INSTANCE_MESSAGES.logsFetchFailed)).toBeVisible();
  expect(consoleErrors.some((text) => text.includes(INSTANCE_MESSAGES.logsFetchFailed))).toBe(true);
});
