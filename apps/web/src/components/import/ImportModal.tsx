import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS,
  type ImportDryRun,
  type ImportResource,
  importColumns,
} from '@sitefleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { isApiError } from '../../lib/http.ts';
import {
  dryRunImport,
  importErrorsUrl,
  importState,
  previewRows,
  startImport,
  undoImport,
} from '../../lib/imports.ts';
import { resourceKey } from '../../lib/resource-queries.ts';
import { notifyFailure, notifySuccess } from '../../lib/toast.tsx';
import { ImportCheck } from './ImportCheck.tsx';
import { ImportProgress } from './ImportProgress.tsx';

/** How often the modal asks how far the import's job has gone. */
const POLL_MS = 500;

interface Checked {
  file: File;
  dryRun: ImportDryRun;
  preview: { header: string[]; rows: string[][] };
}

/** Why a file was refused before any row: the server's message on `file`, or the request's. */
function refusal(error: unknown) {
  if (isApiError(error)) return error.fieldError('file') ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Importing a list from CSV: pick a file, see the server's dry run (the first rows, every error
 * by line), confirm, follow the job's progress, then the result with its errors file and undo.
 */
export function ImportModal({
  resource,
  onClose,
}: {
  resource: ImportResource;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const declaration = IMPORTS[resource];
  const { noun } = declaration.resource;
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [undone, setUndone] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: async (file: File) => {
      const [dryRun, preview] = await Promise.all([
        dryRunImport(resource, file),
        previewRows(file),
      ]);
      return { file, dryRun, preview };
    },
    onSuccess: setChecked,
    onError: (error) => setProblem(refusal(error)),
  });

  const start = useMutation({
    mutationFn: (file: File) => startImport(resource, file),
    onSuccess: setImportId,
    onError: (error) => setProblem(refusal(error)),
  });

  const state = useQuery({
    queryKey: ['imports', importId],
    queryFn: () => importState(importId!),
    enabled: importId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
  const finished = state.data?.status === 'done' || state.data?.status === 'failed';
  // The list behind the modal shows the imported rows as soon as the job is done.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: resourceKey({ name: resource }) });
  }, [finished, queryClient, resource]);

  const undo = useMutation({
    mutationFn: () => undoImport(importId!),
    onSuccess: (message) => {
      setUndone(message);
      notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey: resourceKey({ name: resource }) });
    },
    onError: notifyFailure,
  });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setChecked(null);
    setProblem(null);
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setProblem(IMPORT_MESSAGES.fileTooLarge);
      return;
    }
    check.mutate(file);
  }

  const busy = check.isPending || start.isPending || (importId !== null && !finished);
  return (
    <Modal show onHide={busy ? undefined : onClose} size="xl" aria-labelledby={titleId}>
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Import {noun.many}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {importId === null ? (
          <>
            <label className="form-label" htmlFor={`${titleId}-file`}>
              CSV file
            </label>
            <input
              id={`${titleId}-file`}
              type="file"
              accept=".csv,text/csv"
              className="form-control"
              onChange={pick}
              disabled={busy}
            />
            <div className="form-text">
              The columns are those of the export: {importColumns(declaration).join(', ')}. A row
              with an id updates that {noun.one}; a row without creates one.
            </div>
            {check.isPending && (
              <p className="mt-3" role="status">
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                Checking the file…
              </p>
            )}
            {problem && (
              <Alert variant="danger" className="mt-3 mb-0">
                {problem}
              </Alert>
            )}
            {checked && <ImportCheck {...checked} />}
          </>
        ) : (
          <ImportProgress
            state={state.data}
            error={state.error}
            errorsUrl={importErrorsUrl(importId)}
            undone={undone}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        {importId === null ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={busy || !checked || checked.dryRun.valid === 0}
              aria-busy={start.isPending}
              onClick={() => checked && start.mutate(checked.file)}
            >
              {checked
                ? `Import ${checked.dryRun.valid.toLocaleString('en-US')} ${
                    checked.dryRun.valid === 1 ? noun.one : noun.many
                  }`
                : 'Import'}
            </Button>
          </>
        ) : (
          <>
            {finished && !undone && (
              <Button
                variant="outline-danger"
                onClick={() => undo.mutate()}
                disabled={undo.isPending}
                aria-busy={undo.isPending}
              >
                Undo import
              </Button>
            )}
            <Button variant="primary" onClick={onClose} disabled={busy || undo.isPending}>
              Close
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
