import { SOCIAL_APP_USAGE_MESSAGES } from '@sitefleet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, loadSession } from '../../../lib/auth-store.ts';
import {
  renderInApp,
  type StubbedAnswer,
  type StubbedAnswerOf,
  stubFetch,
} from '../../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../../test/resize-observer-stub.ts';
import { settingsAnswer } from '../../../test/settings-answer.ts';
import { pageOf, SOCIAL_APP, SOCIAL_APPS_PATH, sessionAnswers } from '../test-fixtures.ts';
import { SocialAppsPage } from './SocialAppsPage.tsx';

const USAGE_PATH = `${SOCIAL_APPS_PATH}/${SOCIAL_APP.id}/usage`;

beforeEach(() => {
  stubResizeObserver();
  // Today is 10 March 2026 (UTC): the first range is 9 February to 10 March.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T15:00:00Z'));
});
afterEach(() => clearSession());

/** The days from `from` on, each with the calls, deferrals and cost given. */
const usageOf = (from: string, days: [calls: number, deferred: number, cost: number][]) => ({
  data: days.map(([calls, deferred, cost], index) => ({
    date: new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10),
    calls,
    deferred,
    cost,
  })),
});

/** The Social Apps screen with Facebook's app, a user holding `abilities`, the usage answered. */
async function renderPage(
  usage: StubbedAnswer | StubbedAnswerOf,
  abilities = ['channel-list', 'channel-manage'],
) {
  const fetchMock = stubFetch({
    ...sessionAnswers(abilities),
    '/api/settings/fetch': { body: settingsAnswer() },
    [`GET ${SOCIAL_APPS_PATH}`]: { body: pageOf([SOCIAL_APP], SOCIAL_APPS_PATH) },
    [`GET ${USAGE_PATH}`]: usage,
  });
  await loadSession();
  renderInApp(createMemoryRouter([{ path: '*', element: <SocialAppsPage /> }]));
  return fetchMock;
}

/** Opens the app's Usage from its row. */
async function openUsage() {
  fireEvent.click(await screen.findByRole('button', { name: `Usage of ${SOCIAL_APP.name}` }));
  return screen.findByRole('dialog', { name: `Usage of ${SOCIAL_APP.name}` });
}

/** The ranges the usage was asked for, as `from..to`. */
const rangesAsked = (fetchMock: Awaited<ReturnType<typeof renderPage>>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith(`${USAGE_PATH}?`))
    .map((url) => {
      const search = new URLSearchParams(url.split('?')[1]);
      return `${search.get('from')}..${search.get('to')}`;
    });

/** Types a range as the fields take it (DD-MM-YYYY) and asks for it. */
function showRange(dialog: HTMLElement, from: string, to: string) {
  fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: from } });
  fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: to } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
}

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe("a social app's usage", () => {
  it('asks for the last 30 days, then for the range typed, and shows its days and totals', async () => {
    const fetchMock = await renderPage((search) => ({
      body:
        search.get('from') === '2026-03-01'
          ? usageOf('2026-03-01', [
              [12, 0, 0.01],
              [0, 0, 0],
              [1500, 3, 0.0025],
            ])
          : usageOf('2026-02-09', Array(30).fill([0, 0, 0])),
    }));
    const dialog = await openUsage();
    expect(within(dialog).getByLabelText<HTMLInputElement>('From').value).toBe('09-02-2026');
    expect(within(dialog).getByLabelText<HTMLInputElement>('To').value).toBe('10-03-2026');
    expect(
      await within(dialog).findByText(
        'No publishing calls, deferrals or cost from 09-02-2026 to 10-03-2026.',
      ),
    ).toBeTruthy();
    expect(rangesAsked(fetchMock)).toEqual(['2026-02-09..2026-03-10']);

    showRange(dialog, '01-03-2026', '03-03-2026');
    const table = await within(dialog).findByRole('table', { name: 'Usage per day' });
    expect(rangesAsked(fetchMock)).toEqual(['2026-02-09..2026-03-10', '2026-03-01..2026-03-03']);
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cellsOf(header!)).toEqual(['Date', 'Calls', 'Deferred', 'Cost']);
    expect(rows.map(cellsOf)).toEqual([
      ['01-03-2026', '12', '0', '$0.01'],
      ['02-03-2026', '0', '0', '$0.00'],
      ['03-03-2026', '1,500', '3', '$0.0025'],
      ['Total', '1,512', '3', '$0.0125'],
    ]);
  });

  it("checks the range with the contract's rules before asking for it", async () => {
    const fetchMock = await renderPage({ body: usageOf('2026-02-09', [[1, 0, 0]]) });
    const dialog = await openUsage();
    await within(dialog).findByRole('table', { name: 'Usage per day' });

    showRange(dialog, '05-03-2026', '01-03-2026');
    expect(await within(dialog).findByText(SOCIAL_APP_USAGE_MESSAGES.rangeReversed)).toBeTruthy();
    showRange(dialog, '01-01-2025', '10-03-2026');
    expect(await within(dialog).findByText(SOCIAL_APP_USAGE_MESSAGES.rangeTooLong)).toBeTruthy();
    showRange(dialog, '31-02-2026', '10-03-2026');
    expect(await within(dialog).findByText(SOCIAL_APP_USAGE_MESSAGES.dateInvalid)).toBeTruthy();
    expect(rangesAsked(fetchMock)).toHaveLength(1);
  });

  it("shows the server's refusal of a range under the field it names", async () => {
    const refusal = 'At most 90 days of usage are kept';
    await renderPage((search) =>
      search.get('from') === '2025-06-01'
        ? { status: 422, body: { message: refusal, errors: { from: [refusal] } } }
        : { body: usageOf('2026-02-09', [[1, 0, 0]]) },
    );
    const dialog = await openUsage();
    await within(dialog).findByRole('table', { name: 'Usage per day' });

    showRange(dialog, '01-06-2025', '10-03-2026');
    const message = await within(dialog).findByText(refusal);
    expect(message.parentElement?.contains(within(dialog).getByLabelText('From'))).toBe(true);
    expect(within(dialog).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it("says why the usage failed to load when the server's answer names no field", async () => {
    await renderPage({ status: 500, body: { message: 'The server failed.' } });
    const dialog = await openUsage();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The server failed.');
  });

  it('waits with a spinner, and offers Usage to a user who may only read the apps', async () => {
    let answer: ((value: Response) => void) | undefined;
    const fetchMock = await renderPage({ body: usageOf('2026-02-09', [[2, 1, 0.5]]) }, [
      'channel-list',
    ]);
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith(USAGE_PATH)
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : stubbed(input, init),
    );
    expect(await screen.findByText(SOCIAL_APP.name)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Edit ${SOCIAL_APP.name}` })).toBeNull();
    const dialog = await openUsage();
    expect(await within(dialog).findByText('Loading the usage...')).toBeTruthy();
    await waitFor(() => expect(answer).not.toBe(undefined));
    answer?.(await stubbed(`${USAGE_PATH}?from=2026-02-09&to=2026-03-10`));
    expect(await within(dialog).findByRole('table', { name: 'Usage per day' })).toBeTruthy();
    expect(within(dialog).getAllByText('$0.50')).toHaveLength(2);
  });
});
