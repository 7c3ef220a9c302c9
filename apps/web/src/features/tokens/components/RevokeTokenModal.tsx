import type { ApiToken } from '@sitefleet/contract';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import type { ResourceList } from '../../../lib/use-resource-list.ts';

/**
 * Asks before DELETE /api/tokens/{id}: whatever sends the token is refused from then on, and a
 * revoked token cannot be brought back. The list's single delete shows the toast and reloads.
 */
export function RevokeTokenModal({
  list,
}: {
  list: Pick<
    ResourceList<ApiToken>,
    'deleting' | 'deletePending' | 'confirmDelete' | 'cancelDelete'
  >;
}) {
  const token = list.deleting;
  return (
    <ConfirmModal
      show={token !== null}
      title="Revoke API Token"
      confirmLabel="Revoke"
      busy={list.deletePending}
      onConfirm={() => token && list.confirmDelete(token.id)}
      onCancel={list.cancelDelete}
    >
      {token && (
        <>
          Revoke the API token <strong>{token.name}</strong>? Whatever sends it is refused from now
          on; this cannot be undone.
        </>
      )}
    </ConfirmModal>
  );
}
