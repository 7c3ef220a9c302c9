import { useParams } from 'react-router';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { Page } from '../../../components/Page.tsx';
import { paths } from '../../../lib/paths.ts';
import { useRole } from '../api/role.ts';
import { RoleForm } from '../components/RoleForm.tsx';
import { RolePermissionsCard } from '../components/RolePermissionsCard.tsx';
import { RoleTwoFactorCard } from '../components/RoleTwoFactorCard.tsx';

export function RoleEditPage() {
  const roleId = Number(useParams().id);
  const role = useRole(roleId);
  return (
    <Page title="Edit Role" breadcrumbs={[{ label: 'Roles', to: paths.roles }]}>
      {role.isPending && <LoadingSpinner />}
      {role.isError && (
        <div className="alert alert-danger" role="alert">
          {role.error.message}
        </div>
      )}
      {role.data && (
        <>
          {/* Keyed by role: another role's address gets a fresh form. */}
          <RoleForm key={role.data.id} savedRole={role.data} />
          <RoleTwoFactorCard roleId={role.data.id} />
          <RolePermissionsCard roleId={role.data.id} />
          <div className="card card-body mb-4">
            <HistoryPanel subjectType="role" subjectId={role.data.id} />
          </div>
        </>
      )}
    </Page>
  );
}
