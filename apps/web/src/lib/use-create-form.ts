import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CREATE_FORM_PARAM } from './paths.ts';

/**
 * A list's create form kept in its address (`?create=1`), so that a link or the command palette
 * opens it from anywhere. Opening adds a history entry; closing replaces it, so that Back does not
 * reopen a form just closed.
 */
export function useCreateForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(CREATE_FORM_PARAM) === '1';
  const setOpen = useCallback(
    (open: boolean) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (open) next.set(CREATE_FORM_PARAM, '1');
          else next.delete(CREATE_FORM_PARAM);
          return next;
        },
        { replace: !open },
      ),
    [setSearchParams],
  );
  return {
    requested,
    open: useCallback(() => setOpen(true), [setOpen]),
    close: useCallback(() => setOpen(false), [setOpen]),
  };
}
