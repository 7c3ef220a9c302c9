import { CONNECT_MESSAGES } from '@sitefleet/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ChooseAccounts } from '../components/ChooseAccounts.tsx';

/**
 * /connect/choose/<state>: after a connect link's consent, its holder (no account here) chooses
 * the Facebook Pages or LinkedIn organisations to add. One column, so that it reads on a phone.
 */
export function ConnectChoosePage() {
  const { state = '' } = useParams();
  const [added, setAdded] = useState<string[] | null>(null);
  return (
    <main className="container py-4" style={{ maxWidth: '40rem' }}>
      <h1 className="h4">Choose the accounts to connect</h1>
      {added ? (
        <div className="alert alert-success" role="status">
          {CONNECT_MESSAGES.added(added.length)}: {added.join(', ')}. You may close this page.
        </div>
      ) : (
        <ChooseAccounts
          scope="link"
          state={state}
          onAdded={(channels) => setAdded(channels.map((channel) => channel.name))}
        />
      )}
    </main>
  );
}
