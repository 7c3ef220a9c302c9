import { type ApiToken, TOKEN_MESSAGES, tokensResource } from '@sitefleet/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListCard } from '../../../components/ListCard.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { SecretAddedModal } from '../../../components/RotateSecret.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { NO_RESULTS_TEXT } from '../../../lib/texts.ts';
import { useResourceList } from '../../../lib/use-resource-list.ts';
import { RevokeTokenModal } from './RevokeTokenModal.tsx';
import { TokenFormModal } from './TokenFormModal.tsx';
import { useTokenColumns } from './token-columns.tsx';

/** The new token's form, or the token it made, shown this once. */
type Dialog = { kind: 'none' } | { kind: 'form' } | { kind: 'created'; token: string };

const EMPTY_TEXT =
  'No API tokens yet. Make one to call the API from a script or another service: it acts as you, with the abilities you give it.';

/** Profile › API Tokens: the user's own tokens, a new one, and Revoke. */
export function TokensTab() {
  // The profile's tabs share one address: the list's parameters get a prefix of their own.
  const list = useResourceList({
    rowId: (token: ApiToken) => token.id,
    resource: tokensResource,
    filters: [],
    prefix: 'tokens_',
    deletedMessage: TOKEN_MESSAGES.revokedOne,
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const columns = useTokenColumns({ onRevoke: list.askDelete });
  const { params, rows } = list;
  const searching = params.query !== '' || (rows.data?.total ?? 0) > 0;

  return (
    <div>
      <p>
        An API token lets a script or another service call the API as you, with the abilities you
        give it, until it expires or you revoke it. Send it in the <code>Authorization</code>{' '}
        header: <code>Bearer sf_pat_…</code>.
      </p>
      <ListCard
        className="mb-0"
        search={
          searching && (
            <SearchBox value={params.query} onSearch={params.setQuery} label="Search API tokens" />
          )
        }
        actions={
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setDialog({ kind: 'form' })}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New API token
          </button>
        }
        footer={
          (rows.data?.last_page ?? 1) > 1 && (
            <Pagination page={rows.data} onPageChange={params.setPage} label="API tokens pages" />
          )
        }
      >
        <DataTable
          label="API Tokens"
          columns={columns}
          rows={rows.data?.data}
          rowId={list.rowId}
          isFetching={rows.isFetching}
          error={rows.error}
          firstRowNumber={rows.data?.from ?? 1}
          emptyText={params.query === '' ? EMPTY_TEXT : NO_RESULTS_TEXT}
        />
      </ListCard>

      {dialog.kind === 'form' && (
        <TokenFormModal
          onClose={close}
          onCreated={(created) => setDialog({ kind: 'created', token: created.token })}
        />
      )}
      {dialog.kind === 'created' && (
        <SecretAddedModal
          title="API token created"
          label="API Token"
          secret={dialog.token}
          onClose={close}
        >
          {TOKEN_MESSAGES.created}
        </SecretAddedModal>
      )}
      <RevokeTokenModal list={list} />
    </div>
  );
}
