import type { ReactNode } from 'react';
import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { Page } from '../../../components/Page.tsx';
import { InstancesCard } from '../components/InstancesCard.tsx';
import { MonitorBoxes } from '../components/MonitorBoxes.tsx';
import { ReviewStagesCard } from '../components/ReviewStagesCard.tsx';
import { StatBox } from '../components/StatBox.tsx';
import { STAT_BOXES } from '../components/stat-boxes.ts';
import { TopCategoriesCard, TopWebsitesCard } from '../components/TopListCard.tsx';

/**
 * The counts, the fleet's money (`portfolio`, which the app hands over, for those who may read
 * it), the instances, the posts per review stage and the top lists; `actions` go beside the title
 * (Google's sign-in).
 */
export function DashboardPage({
  actions,
  portfolio,
}: {
  actions?: ReactNode;
  portfolio?: ReactNode;
}) {
  return (
    <Page title="Dashboard" actions={actions}>
      <div className="row">
        {STAT_BOXES.map((box) => (
          <IfAllowed key={box.kind} ability={box.ability}>
            <div className="col-lg-3 col-6">
              <StatBox box={box} />
            </div>
          </IfAllowed>
        ))}
        <IfAllowed ability="website-list">
          <MonitorBoxes />
        </IfAllowed>
      </div>
      {portfolio && <IfAllowed ability="economics-list">{portfolio}</IfAllowed>}
      <div className="row">
        <IfAllowed ability="instance-list">
          <div className="col-lg-6">
            <InstancesCard />
          </div>
        </IfAllowed>
        <div className="col-lg-6">
          <IfAllowed ability="post-list">
            <ReviewStagesCard />
          </IfAllowed>
          <IfAllowed ability="website-list">
            <TopWebsitesCard />
          </IfAllowed>
          <IfAllowed ability="category-list">
            <TopCategoriesCard />
          </IfAllowed>
        </div>
      </div>
    </Page>
  );
}
