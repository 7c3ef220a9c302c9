import { Link } from 'react-router';
import { StageBadge } from '../../../components/content/StageBadge.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useReviewStageStats } from '../api/review-stages.ts';

const counts = new Intl.NumberFormat('en');

/**
 * The dashboard's review box: how many post variants are in each stage, per workflow (the
 * default one first); a stage opens the Posts list filtered by it.
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
                .map(({ stage, variants }) => (
                  <li key={stage.id}>
                    <Link
                      to={`${paths.posts}?stage_id=${stage.id}`}
                      className="text-decoration-none"
                      aria-label={`${stage.name}: ${variants} variants`}
                    >
                      <StageBadge stage={stage} />{' '}
                      <span className="fw-semibold">{counts.format(variants)}</span>
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
