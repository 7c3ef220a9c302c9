import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Opens the session's live event stream while the signed-in layout is shown, and closes it when
 * it goes. What the events make stale, and the schemas it reads them with, load after the first
 * screen: the stream is not needed to draw it.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let close: (() => void) | undefined;
    let gone = false;
    void import('./live-event-stream.ts').then(({ openLiveEvents }) => {
      if (!gone) close = openLiveEvents(queryClient);
    });
    return () => {
      gone = true;
      close?.();
    };
  }, [queryClient]);
}
