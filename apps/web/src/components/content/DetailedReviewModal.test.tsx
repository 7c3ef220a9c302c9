import { AbilityProvider } from '@casl/react';
import { categoryDetailListSchema } from '@sitefleet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appAbility } from '../../lib/abilities.ts';
import { stubFetch } from '../../test/fetch-stub.tsx';
import { stubResizeObserver } from '../../test/resize-observer-stub.ts';
import { DetailedReviewModal } from './DetailedReviewModal.tsx';
import type { VariantViews } from './VariantViewsPanel.tsx';

beforeEach(stubResizeObserver);

const flags = {
  synced: 0,
  is_approved: 0,
  is_updated_after_posted: 0,
  is_posted_to_website: 0,
  is_posted_to_facebook: 0,
  is_posted_to_twitter: 0,
  is_posted_to_linkedin: 0,
  is_posted_to_tiktok: 0,
  is_posted_to_youtube: 0,
};

function variant(variantId: number, website: string) {
  return {
    ...flags,
    pivot_id: variantId,
    website_id: variantId,
    website_name: website,
    description: `Laptops for ${website}.`,
    version: 1,
    delivery_status: variantId === 32 ? 'failed' : null,
    delivery_error: variantId === 32 ? 'HTTP 500 from the website' : null,
    deliveries:
      variantId === 32
        ? [
            { target: 'website', status: 'failed', error: 'HTTP 500 from the website' },
            { target: 'facebook', status: 'delivered', error: null },
          ]
        : [],
    publish_at: null,
    created_at: '2026-11-22T10:00:00.000Z',
    stage: { id: 1, name: 'Draft', colour: '#6b7280', is_last: false },
    assignee: variantId === 32 ? { id: 5, name: 'Ana Reviewer' } : null,
    due_at: null,
    category_name: 'Laptops',
  };
}

const page = {
  data: [variant(31, 'Daily Recipes'), variant(32, 'Travel Notes')],
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: 2,
  from: 1,
  to: 2,
  first_page_url: '/api/categories/details/5?page=1',
  last_page_url: '/api/categories/details/5?page=1',
  next_page_url: null,
  prev_page_url: null,
  total_is_estimate: false,
};

function renderReview(variantViews?: VariantViews) {
  const fetchMock = stubFetch({
    '/api/categories/details/5': { body: page },
    '/api/categories/details/action': {
      body: { message: 'Bulk action updated successfully!', changed: 2, queued: 0, skipped: [] },
    },
  });
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <AbilityProvider value={appAbility}>
        <MemoryRouter>
          <DetailedReviewModal
            resource="/api/categories"
            listKey={['categories']}
            recordId={5}
            recordName="Laptops"
            pageSchema={categoryDetailListSchema}
            subject={{ header: 'Category', value: (row) => row.category_name }}
            canAct
            onClose={() => {}}
            variantViews={variantViews}
          />
        </MemoryRouter>
      </AbilityProvider>
    </QueryClientProvider>,
  );
  const actionCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url) === '/api/categories/details/action');
  return { container, actionCalls, fetchMock };
}

describe('DetailedReviewModal', () => {
  it('shows each variant with its stage, assignee, flags and a delivery per target, a failed one with its reason', async () => {
    renderReview();
    expect(await screen.findByText('Daily Recipes')).toBeDefined();
    expect(screen.getByText('Website: failed')).toBeDefined();
    expect(screen.getByText('Facebook: delivered')).toBeDefined();
    expect(screen.getByText('HTTP 500 from the website')).toBeDefined();
    expect(screen.getAllByText('Draft')).toHaveLength(2);
    expect(screen.getByText('Ana Reviewer')).toBeDefined();
    expect(screen.getAllByText('No')).toHaveLength(2 * 9);
  });

  it('applies nothing without an action and a row: a console warning and no request', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actionCalls } = renderReview();
    await screen.findByText('Daily Recipes');
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    fireEvent.submit(apply.closest('form') as HTMLFormElement);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0] as HTMLElement);
    expect(apply.disabled).toBe(true);
    fireEvent.submit(apply.closest('form') as HTMLFormElement);

    expect(warn).toHaveBeenCalledTimes(2);
    expect(actionCalls()).toHaveLength(0);
  });

  it('sends the ticked variant ids comma-joined with the chosen action', async () => {
    const { actionCalls } = renderReview();
    await screen.findByText('Daily Recipes');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Bulk action' }), {
      target: { value: 'mark_approved' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(actionCalls()).toHaveLength(1));
    const [, init] = actionCalls()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ ids: '31,32', action: 'mark_approved' });
  });

  it("opens a row's views below the table, for its record and website since the variant was made", async () => {
    const Views: VariantViews = ({ recordId, websiteId, since }) => (
      <p>{`views of ${recordId} on ${websiteId} since ${since}`}</p>
    );
    renderReview(Views);
    await screen.findByText('Daily Recipes');
    fireEvent.click(screen.getAllByRole('button', { name: 'Views' })[1] as HTMLElement);
    const panel = screen.getByRole('region', { name: 'Views of row 32' });
    expect(panel.textContent).toContain('views of 5 on 32 since 2026-11-22T10:00:00.000Z');
    fireEvent.click(screen.getByRole('button', { name: 'Hide views' }));
    expect(screen.queryByRole('region', { name: 'Views of row 32' })).toBeNull();
  });

  it('offers no views where the screen has none to show', async () => {
    renderReview();
    await screen.findByText('Daily Recipes');
    expect(screen.queryByRole('button', { name: 'Views' })).toBeNull();
  });
});
