import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/** Local stand-ins for what the monitor watches and the channels it tells: started by the tests. */

export interface LocalSite {
  url: string;
  /** Stops answering: connections are refused until `start`. */
  stop(): Promise<void>;
  /** Answers again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** An address where nothing answers: a port a local server held and let go. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return `http://127.0.0.1:${port}/`;
}

/** A website answering `body` with HTTP 200, which the test can take down and bring back. */
export async function startLocalSite(body = '<h1>Welcome</h1>'): Promise<LocalSite> {
  const make = () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(body);
    });
    server.keepAliveTimeout = 0;
    return server;
  };
  let server = make();
  const port = await listen(server);
  let running = true;
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      await closeServer(server);
      running = false;
    },
    async start() {
      server = make();
      await listen(server, port);
      running = true;
    },
    close: async () => {
      if (running) await closeServer(server);
    },
  };
}

/** An https website whose self-signed certificate expires at `notAfter`. */
export async function startHttpsSite(notAfter: Date) {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: notAfter,
  });
  const server = createHttpsServer({ key: pems.private, cert: pems.cert }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<h1>Secure</h1>');
  });
  const port = await listen(server as unknown as Server);
  return {
    url: `https://127.0.0.1:${port}/`,
    close: () => closeServer(server as unknown as Server),
  };
}

export interface CapturedMail {
  from: string;
  to: string[];
  text: string;
}

/** An SMTP server that keeps every message it receives (no authentication, no TLS). */
export async function startLocalSmtp() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
