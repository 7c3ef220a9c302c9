import { IfAllowed } from '../../../components/IfAllowed.tsx';
import { LoginWithGoogleButton } from './LoginWithGoogleButton.tsx';
import { useGoogleCallbackFromUrl } from './use-google-callback-from-url.ts';

/**
 * What the Google authorisation adds to the dashboard: 'Login with Google', and the handling of
 * the code Google sends back to the dashboard. The flow stores credentials in the settings, so
 * the button needs setting-update.
 */
export function DashboardGoogleActions() {
  useGoogleCallbackFromUrl();
  return (
    <IfAllowed ability="setting-update">
      <LoginWithGoogleButton />
    </IfAllowed>
  );
}
