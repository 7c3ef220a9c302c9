import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalWebsite {
  /** `http://127.0.0.1:<port>`: its post webhook is `${url}/hooks/posts`. */
  url: string;
  /** Every request it took, in order. */
  received: { path: string; body: string }[];
  close(): Promise<void>;
}

/**
 * A local stand-in for an operator's website, started by a spec: it takes every webhook, keeps
 * its path and body, and answers `status` (201 with an id of its own, by default).
 */
export async function startLocalWebsite({
  status = 201,
}: {
  status?: number;
} = {}): Promise<LocalWebsite> {
  const received: LocalWebsite['received'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      if (status >= 400) {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end('gone');
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: `site-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
