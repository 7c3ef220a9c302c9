import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { Page } from '../../../components/Page.tsx';
import { InstancesCard } from '../components/InstancesCard.tsx';
import { LoginWithGoogleButton } from '../components/LoginWithGoogleButton.tsx';
import { StatBox } from '../components/StatBox.tsx';
import { STAT_BOXES } from '../components/stat-boxes.ts';
import { TopCategoriesCard, TopWebsitesCard } from '../components/TopListCard.tsx';
import { useGoogleCallbackFromUrl } from '../components/useGoogleCallbackFromUrl.ts';

export function DashboardPage() {
  useGoogleCallbackFromUrl();
  return (
    <Page
      title="Dashboard"
      actions={
        // The Google flow stores credentials in the settings, so it needs setting-update.
        <IfAllowed ability="setting-update">
          <LoginWithGoogleButton />
        </IfAllowed>
      }
    >
      <div className="row">
        {STAT_BOXES.map((box) => (
          <IfAllowed key={box.kind} ability={box.ability}>
            <div className="col-lg-3 col-6">
              <StatBox box={box} />
            </div>
          </IfAllowed>
        ))}
      </div>
      <div className="row">
        <IfAllowed ability="instance-list">
          <div className="col-lg-6">
            <InstancesCard />
          </div>
        </IfAllowed>
        <div className="col-lg-6">
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
