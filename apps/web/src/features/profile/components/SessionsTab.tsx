import { formatDateTime } from '@sitefleet/contract';
import { LoadingSpinner } from '../../../components/LoadingSpinner.tsx';
import { notifyFailure, notifySuccess } from '../../../lib/toast.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security.ts';

/** 'Sessions': where the user is signed in, each to sign out, or all but this one at once. */
export function SessionsTab() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const done = { onSuccess: ({ message }: { message: string }) => notifySuccess(message) };

  if (sessions.isPending) return <LoadingSpinner />;
  if (sessions.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {sessions.error.message}
      </div>
    );
  }
  const others = sessions.data.filter((session) => !session.current).length;

  return (
    <div>
      <p>These are the browsers signed in to your account. Sign out any you do not recognise.</p>
      <div className="table-responsive">
        <table className="table table-striped align-middle" aria-label="Sessions">
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">IP Address</th>
              <th scope="col">Signed In</th>
              <th scope="col">Last Seen</th>
              <th scope="col" className="text-end">
                Options
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((session) => (
              <tr key={session.id}>
                <td>{session.browser}</td>
                <td>{session.ip_address ?? '—'}</td>
                <td className="text-nowrap">{formatDateTime(session.created_at)}</td>
                <td className="text-nowrap">{formatDateTime(session.last_seen_at)}</td>
                <td className="text-end">
                  {session.current ? (
                    <span className="badge text-bg-success">This session</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      disabled={endSession.isPending}
                      aria-label={`Sign out ${session.browser} last seen ${formatDateTime(session.last_seen_at)}`}
                      onClick={() =>
                        endSession.mutate(session.id, { ...done, onError: notifyFailure })
                      }
                    >
                      Sign out
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn-danger"
        disabled={others === 0 || endOthers.isPending}
        aria-busy={endOthers.isPending}
        onClick={() => endOthers.mutate(undefined, { ...done, onError: notifyFailure })}
      >
        Sign out everywhere else
      </button>
    </div>
  );
}
