import type { ReactNode } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { Page } from '../../../components/Page.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useRefreshSessions } from '../api/security.ts';
import { AvatarUpload } from '../components/AvatarUpload.tsx';
import { PasswordForm } from '../components/PasswordForm.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { SessionsTab } from '../components/SessionsTab.tsx';
import { TwoFactorTab } from '../components/TwoFactorTab.tsx';

interface ProfilePageProps {
  /** The notification preferences, which the app puts here. */
  notificationsTab?: ReactNode;
  /** The user's API tokens, which the app puts here. */
  tokensTab?: ReactNode;
}

export function ProfilePage({ notificationsTab, tokensTab }: ProfilePageProps) {
  const { user } = useAuth();
  const refreshSessions = useRefreshSessions();
  // The guard loads the user before any admin screen shows.
  if (!user) return null;
  const roles = user.roles.map((role) => role.name).join(', ');

  return (
    <Page title="Profile">
      <div className="row">
        <div className="col-md-4 col-lg-3">
          <div className="card card-primary card-outline mb-4">
            <div className="card-body text-center">
              <AvatarUpload user={user} />
              <h2 className="h5 mt-3 mb-1">{user.name}</h2>
              <p className="text-body-secondary mb-0">{user.role ?? roles}</p>
              <p className="small text-body-secondary mt-2 mb-0">
                Click the picture to upload a new one (PNG, JPEG, GIF or WebP, at most 2 MB).
              </p>
            </div>
          </div>
        </div>
        <div className="col-md-8 col-lg-9">
          <div className="card mb-4">
            <div className="card-body">
              <Tabs
                id="profile-tabs"
                defaultActiveKey="profile"
                className="mb-3"
                onSelect={(key) => {
                  if (key === 'sessions') void refreshSessions();
                }}
              >
                <Tab eventKey="profile" title="Edit Profile">
                  <ProfileForm user={user} />
                </Tab>
                <Tab eventKey="password" title="Change Password">
                  <PasswordForm />
                </Tab>
                <Tab eventKey="two-factor" title="Two-Factor Sign-In" mountOnEnter>
                  <TwoFactorTab />
                </Tab>
                <Tab eventKey="sessions" title="Sessions" mountOnEnter unmountOnExit>
                  <SessionsTab />
                </Tab>
                {notificationsTab && (
                  <Tab eventKey="notifications" title="Notifications" mountOnEnter>
                    {notificationsTab}
                  </Tab>
                )}
                {tokensTab && (
                  <Tab eventKey="tokens" title="API Tokens" mountOnEnter>
                    {tokensTab}
                  </Tab>
                )}
              </Tabs>
            </div>
          </div>
        </div>
      </div>
    </Page>
  );
}
