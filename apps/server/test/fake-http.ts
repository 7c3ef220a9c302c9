import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake server received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the fake answers: a status with an optional JSON body and headers, or no answer at all. */
export type FakeAnswer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | 'hang';

export interface FakeHttpServer {
  url: string;
  requests: ReceivedRequest[];
  /** Sets how the next requests are answered; `index` counts every request received so far. */
  answer(respond: (request: ReceivedRequest, index: number) => FakeAnswer): void;
  /** Answers the requests left hanging so far whose caller still waits; answers how many. */
  answerHanging(respond: (request: ReceivedRequest) => Exclude<FakeAnswer, 'hang'>): number;
  close(): Promise<void>;
}

function send(response: ServerResponse, answer: Exclude<FakeAnswer, 'hang'>) {
  const body = answer.json === undefined ? (answer.text ?? '') : JSON.stringify(answer.json);
  response.writeHead(answer.status, {
    'content-type': answer.json === undefined ? 'text/plain' : 'application/json',
    ...answer.headers,
  });
  response.end(body);
}

/**
 * A small local HTTP server standing in for an outside system (a website's webhook, a social
 * network, the AI provider): it records every request and answers as the test says.
 */
export async function startFakeHttp(): Promise<FakeHttpServer> {
  const requests: ReceivedRequest[] = [];
  const hanging = new Map<ServerResponse, ReceivedRequest>();
  let respond: (request: ReceivedRequest, index: number) => FakeAnswer = () => ({
    status: 200,
    json: { ok: true },
  });
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = respond(request, requests.length - 1);
      if (answer === 'hang') hanging.set(response, request);
      else send(response, answer);
    });
  });
  // Connections stay open until close(): a keep-alive socket the server dropped on its own timer
  // while the client reused it would fail a request ('fetch failed') on a loaded machine.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      respond = next;
    },
    answerHanging(answerOf) {
      let answered = 0;
      for (const [response, request] of hanging) {
        hanging.delete(response);
        if (response.socket?.destroyed !== false) continue;
        send(response, answerOf(request));
        answered += 1;
      }
      return answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging.keys()) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The answer of an OpenAI-compatible chat-completions API with `content` as the reply. */
export const chatCompletion = (content: string, model = 'sitefleet-writer'): FakeAnswer => ({
  status: 200,
  json: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  },
});

/**
 * Makes `website` hold every request open (a website that stops answering) until `release()`,
 * then take each one, counting the successful deliveries per idempotency key.
 */
export function holdDeliveries(website: FakeHttpServer) {
  let holding = true;
  const succeeded = new Map<string, number>();
  const take = (request: ReceivedRequest) => {
    // A real website answers a repeated key with success without creating the item again.
    const key = String(request.headers['idempotency-key']);
    succeeded.set(key, (succeeded.get(key) ?? 0) + 1);
    return { status: 200, json: { ok: true } };
  };
  website.answer((request) => (holding ? 'hang' : take(request)));
  return {
    /** Successful deliveries per idempotency key. */
    succeeded,
    release() {
      holding = false;
    },
    /** Takes the deliveries held so far whose sender still waits; answers how many. */
    answerHeld: () => website.answerHanging(take),
    /** Deliveries beyond the first of their key. */
    repeats: () => [...succeeded.values()].reduce((sum, count) => sum + count - 1, 0),
  };
}
