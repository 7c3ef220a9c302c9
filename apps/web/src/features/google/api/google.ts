import {
  googleAuthAnswerSchema,
  type googleCallbackSchema,
  messageSchema,
} from '@sitefleet/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { notifyFailure } from '../../../lib/toast.tsx';

export type GoogleCallbackInput = z.input<typeof googleCallbackSchema>;

export async function fetchGoogleAuthUrl(): Promise<string> {
  return googleAuthAnswerSchema.parse(await http.get('/api/google-auth')).auth_url;
}

/** Sends the browser to Google's consent screen; a failure (409: not configured) is toasted. */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: fetchGoogleAuthUrl,
    onSuccess: (authUrl) => window.location.assign(authUrl),
    onError: notifyFailure,
  });
}

/** POST /api/google-callback: answers the server's message. */
export async function sendGoogleCallback(input: GoogleCallbackInput): Promise<string> {
  return messageSchema.parse(await http.post('/api/google-callback', input)).message;
}

export function useGoogleCallback() {
  return useMutation({ mutationFn: sendGoogleCallback });
}
