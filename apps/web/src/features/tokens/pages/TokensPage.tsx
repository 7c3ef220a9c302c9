import {
  type ApiToken,
  TOKEN_MESSAGES,
  TOKEN_ORDER_KEYS,
  TOKEN_STATUSES,
  tokensResource,
} from '@sitefleet/contract';
import { FilterSelect } from '../../../components/ListFilters.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { RevokeTokenModal } from '../components/RevokeTokenModal.tsx';
import { useTokenColumns } from '../components/token-columns.tsx';

const STATUS_OPTIONS = TOKEN_STATUSES.map(
  (status) => [status, status.charAt(0).toUpperCase() + status.slice(1)] as const,
);

/** Parameters › API Tokens: everyone's tokens, who made each, and Revoke (token-manage). */
export function TokensPage() {
  const list = useResourceList({
    rowId: (token: ApiToken) => token.id,
    resource: tokensResource,
    filters: ['status'],
    fixedFilters: { all: '1' },
    deletedMessage: TOKEN_MESSAGES.revokedOne,
  });
  const columns = useTokenColumns({ showCreator: true, onRevoke: list.askDelete });

  return (
    <ResourceListPage
      title="API Tokens"
      list={list}
      columns={columns}
      sortKeys={TOKEN_ORDER_KEYS}
      filters={
        <FilterSelect
          label="Status"
          all="All statuses"
          value={list.params.filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => list.params.setFilters({ status })}
        />
      }
      emptyText="No API tokens match."
    >
      <RevokeTokenModal list={list} />
    </ResourceListPage>
  );
}
