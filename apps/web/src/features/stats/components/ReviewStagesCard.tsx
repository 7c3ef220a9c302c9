import { EXACT_COUNT_LIMIT } from '@sitefleet/contract';
import { Link } from 'react-router';
import { StageBadge } from '../../../components/content/StageBadge.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useReviewStageStats } from '../api/review-stages.ts';

const counts = new Intl.NumberFormat('en');

/** The posts the list filtered by a stage shows; past the exact count, "1,000+" as the server caps it. */
const postsText = (records: number) => {
  const shown =
    records > EXACT_COUNT_LIMIT ? `${counts.format(EXACT_COUNT_LIMIT)}+` : counts.format(records);
  return `${shown} ${records === 1 ? 'post' : 'posts'}`;
};
const variantsText = (variants: number) =>
  `${counts.format(variants)} ${variants === 1 ? 'variant' : 'variants'}`;

/**
 * The dashboard's review box: per workflow (the default one first), how many posts have a variant
 * in each stage, as the Posts list filtered by the stage (its link) shows them, and how many
 * variants that is.
 */
export function ReviewStagesCard() {
  const stats = useReviewStageStats();
  const workflows = [
    ...new Map((stats.data ?? []).map((row) => [row.workflow.id, row.workflow])).values(),
  ];
  return (
    <div className="card mb-4">
      <div className="card-header">
        <h2 className="card-title h5 mb-0">Posts in review</h2>
      </div>
      <div className="card-body">
        {stats.isPending && <LoadingSpinner small />}
        {stats.isError && <p className="text-danger mb-0">{stats.error.message}</p>}
        {workflows.map((workflow) => (
          <section key={workflow.id} className="mb-2" aria-label={`${workflow.name} workflow`}>
            {workflows.length > 1 && <h3 className="h6 text-body-secondary">{workflow.name}</h3>}
            <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
              {stats.data
                ?.filter((row) => row.workflow.id === workflow.id)
                .map(({ stage, variants, records }) => (
                  <li key={stage.id}>
                    <Link
                      to={`${paths.posts}?stage_id=${stage.id}`}
                      className="text-decoration-none"
                      aria-label={`${stage.name}: ${postsText(records)}, ${variantsText(variants)}`}
                    >
                      <StageBadge stage={stage} />{' '}
                      <span className="fw-semibold">{postsText(records)}</span>{' '}
                      <span className="small text-body-secondary">({variantsText(variants)})</span>
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
