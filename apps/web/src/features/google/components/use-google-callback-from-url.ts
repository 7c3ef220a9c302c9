import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useGoogleCallback } from '../api/google.ts';

/**
 * When Google sends the user back to the dashboard with ?code=, posts the code (and state) once,
 * toasts the answer and drops the parameters so that a reload does not send the code again.
 */
export function useGoogleCallbackFromUrl(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state') ?? '';
  const { mutate } = useGoogleCallback();
  const sentCode = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    mutate({ code, state }, { onSuccess: notifySuccess, onError: notifyFailure });
    setSearchParams({}, { replace: true });
  }, [code, state, mutate, setSearchParams]);
}
