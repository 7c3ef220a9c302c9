import {
  BUILT_IN_SAVED_VIEWS,
  SAVED_VIEW_MESSAGES,
  type SavedView,
  type SavedViewList,
  savedViewQuery,
} from '@sitefleet/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import {
  useCreateSavedView,
  useDefaultView,
  useDeleteSavedView,
  useSavedViews,
  useUpdateSavedView,
} from '../../lib/saved-views.ts';
import { notifyFailure, notifySuccess } from '../../lib/toast.tsx';
import { ConfirmModal } from '../ConfirmModal.tsx';
import { SaveViewModal } from './SaveViewModal.tsx';

/** The list's hidden columns travel in a view's query under this name; the list never reads it. */
const HIDDEN_COLUMNS = 'hidden_columns';

export interface ViewColumns {
  hidden: readonly string[];
  replaceHidden: (ids: string[]) => void;
}

interface SavedViewsMenuProps {
  list: SavedViewList;
  /** The list's Display Settings, so a view keeps which columns show. */
  columns?: ViewColumns;
}

/** The list as it is now, as a view's query: its address without the page, and hidden columns. */
function currentQuery(search: URLSearchParams, columns: ViewColumns | undefined): string {
  const params = new URLSearchParams(search);
  if (columns && columns.hidden.length > 0) {
    params.set(HIDDEN_COLUMNS, [...columns.hidden].sort().join(','));
  }
  return savedViewQuery(params.toString());
}

type Dialog =
  | { kind: 'save' }
  | { kind: 'rename'; view: SavedView }
  | { kind: 'delete'; view: SavedView };

/**
 * 'Views' above a list: the user's saved views and those shared with everyone, to open in one
 * click; saving the list as it is; a default view the list opens with when its address says
 * nothing else.
 */
export function SavedViewsMenu({ list, columns }: SavedViewsMenuProps) {
  const menuId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const views = useSavedViews(list);
  const create = useCreateSavedView(list);
  const update = useUpdateSavedView(list);
  const remove = useDeleteSavedView(list);
  const chooseDefault = useDefaultView(list);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = currentQuery(searchParams, columns);
  const active = views.data?.find((view) => view.query === query);
  const builtIn = BUILT_IN_SAVED_VIEWS[list] ?? [];
  const activeBuiltIn = active ? undefined : builtIn.find((view) => view.query === query);
  const shown = active ?? activeBuiltIn;

  function open(view: SavedView, replace = false) {
    const params = new URLSearchParams(view.query);
    const hidden = params.get(HIDDEN_COLUMNS);
    params.delete(HIDDEN_COLUMNS);
    columns?.replaceHidden(hidden ? hidden.split(',') : []);
    setSearchParams(params, { replace });
  }

  // A list opened bare (no filters, search or sort in its address) shows the user's default view,
  // once: clearing the filters afterwards keeps them cleared, and what the user set before the
  // views came (a search typed at once) is kept. The address is read as the browser has it: the
  // router's own copy can still be the bare one while a search's navigation is under way.
  const openedBare = useRef(searchParams.size === 0);
  const defaultView = views.data?.find((view) => view.is_default);
  useEffect(() => {
    if (!openedBare.current || !views.isSuccess) return;
    openedBare.current = false;
    const stillBare = new URLSearchParams(window.location.search).size === 0;
    if (defaultView && stillBare) open(defaultView, true);
  });

  const done = (message: string) => ({
    onSuccess: () => notifySuccess(message),
    onError: notifyFailure,
  });

  return (
    <>
      <Dropdown>
        <Dropdown.Toggle variant="outline-secondary" size="sm" id={menuId}>
          <i className="bi bi-bookmark me-1" aria-hidden="true" />
          {shown ? `View: ${shown.name}` : 'Views'}
        </Dropdown.Toggle>
        <Dropdown.Menu style={{ minWidth: '16rem' }}>
          {views.isError && (
            <Dropdown.ItemText className="text-danger">{views.error.message}</Dropdown.ItemText>
          )}
          {builtIn.map((view) => (
            <Dropdown.Item
              key={view.name}
              active={view === activeBuiltIn}
              onClick={() => setSearchParams(new URLSearchParams(view.query))}
            >
              {view.name}
            </Dropdown.Item>
          ))}
          {builtIn.length > 0 && <Dropdown.Divider />}
          {views.data?.length === 0 && (
            <Dropdown.ItemText className="text-body-secondary">
              No saved views yet.
            </Dropdown.ItemText>
          )}
          {views.data?.map((view) => (
            <Dropdown.Item key={view.id} active={view.id === active?.id} onClick={() => open(view)}>
              {view.name}
              {view.shared && (
                <span className="ms-2 small" title={`Shared by ${view.owner_name}`}>
                  <i className="bi bi-people" aria-hidden="true" />
                  <span className="visually-hidden">(shared by {view.owner_name})</span>
                </span>
              )}
              {view.is_default && <span className="badge text-bg-secondary ms-2">Default</span>}
            </Dropdown.Item>
          ))}
          <Dropdown.Divider />
          <Dropdown.Item onClick={() => setDialog({ kind: 'save' })}>
            Save current view…
          </Dropdown.Item>
          {active && !active.is_default && (
            <Dropdown.Item
              onClick={() => chooseDefault.mutate(active.id, done(SAVED_VIEW_MESSAGES.defaultSet))}
            >
              Open this list with “{active.name}”
            </Dropdown.Item>
          )}
          {defaultView && (
            <Dropdown.Item
              onClick={() => chooseDefault.mutate(null, done(SAVED_VIEW_MESSAGES.defaultCleared))}
            >
              Open this list without a default view
            </Dropdown.Item>
          )}
          {active?.owned && (
            <>
              <Dropdown.Item onClick={() => setDialog({ kind: 'rename', view: active })}>
                Rename or share “{active.name}”…
              </Dropdown.Item>
              <Dropdown.Item
                className="text-danger"
                onClick={() => setDialog({ kind: 'delete', view: active })}
              >
                Delete “{active.name}”
              </Dropdown.Item>
            </>
          )}
        </Dropdown.Menu>
      </Dropdown>

      {dialog?.kind === 'save' && (
        <SaveViewModal
          title="Save View"
          initial={{ name: '', query, shared: false }}
          busy={create.isPending}
          successMessage={SAVED_VIEW_MESSAGES.saved}
          onSave={(values, options) => create.mutate({ ...values, query }, options)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <SaveViewModal
          title="Rename View"
          initial={dialog.view}
          busy={update.isPending}
          successMessage={SAVED_VIEW_MESSAGES.updated}
          onSave={(values, options) => update.mutate({ ...values, id: dialog.view.id }, options)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmModal
        show={dialog?.kind === 'delete'}
        title="Delete View"
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.view.id, {
            onSuccess: ({ message }) => {
              notifySuccess(message);
              setDialog(null);
            },
            onError: notifyFailure,
          });
        }}
      >
        Are you sure you want to delete the view “
        {dialog?.kind === 'delete' ? dialog.view.name : ''}” ? The list itself does not change.
      </ConfirmModal>
    </>
  );
}
