import type { PostRow } from '@sitefleet/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { MissingFigure, Money } from '../../../components/Money.tsx';
import { useCan } from '../../../lib/abilities.ts';
import { useWebsiteOptions } from '../../../lib/content/website-options.ts';
import type { ToggleableColumn } from '../../../lib/use-column-visibility.ts';
import { useWebsiteCostPerPost } from '../api/cost-per-post.ts';

/** The Posts list's optional money column, in its Display Settings. */
export const COST_PER_POST_COLUMN: ToggleableColumn = {
  id: 'cost_per_post',
  label: 'Cost per post (30 days)',
};

const WHY_NO_WEBSITE =
  'Pick a website in the Website filter: a post goes to every website of its category, each at its own cost per post';

type Website = { id: number; name: string };

/** A row's figure: every row's cells ask the one query, which answers them all. */
function CostPerPost({ website }: { website: Website | null }) {
  const answer = useWebsiteCostPerPost(website ?? undefined);
  if (website === null) return <MissingFigure why={WHY_NO_WEBSITE} />;
  if (answer.isPending) return <LoadingSpinner small label="Loading the cost per post..." />;
  if (answer.isError) return <MissingFigure why={answer.error.message} />;
  const found = answer.data;
  if (!found) return <MissingFigure why={`The figures of ${website.name} were not found`} />;
  const { row, currency } = found;
  if (row.cost_per_post === null && row.missing_rates.length === 0)
    return <MissingFigure why={`No post was published on ${website.name} in the last 30 days`} />;
  return <Money value={row.cost_per_post} currency={currency} missingRates={row.missing_rates} />;
}

/**
 * The cost per post of the posts' website over the last 30 days (its cost ÷ the posts published
 * on it), for those who may read the fleet's money: the website of the Website filter, as a post
 * of several websites has one figure on each. Its figure is asked for only while it shows.
 */
export function useCostPerPostColumns(websiteId: string | undefined) {
  const canSeeMoney = useCan('economics-list');
  const websites = useWebsiteOptions();
  const website = websites.data?.find((option) => String(option.id) === websiteId);
  const id = website?.id;
  const name = website?.name;
  const columns = useMemo<ColumnDef<PostRow>[]>(
    () =>
      canSeeMoney
        ? [
            {
              id: COST_PER_POST_COLUMN.id,
              header: COST_PER_POST_COLUMN.label,
              cell: () => (
                <CostPerPost
                  website={id !== undefined && name !== undefined ? { id, name } : null}
                />
              ),
              meta: { className: 'text-end text-nowrap' },
            },
          ]
        : [],
    [canSeeMoney, id, name],
  );
  return { columns, canSeeMoney };
}
