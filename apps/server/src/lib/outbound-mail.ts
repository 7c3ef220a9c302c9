/** The e-mails of the outbound calls (outbound.ts): sent to an address its guard checked. */

/** The SMTP server the notifications are e-mailed through (the Notifications settings). */
export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
}

/** One e-mail. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends an e-mail over SMTP (nodemailer) to `address`, the server's name as the guard resolved
 * and checked it, keeping the name for TLS.
 */
export async function sendMailTo(
  address: string,
  server: SmtpServer,
  message: MailMessage,
  timeoutMs: number,
) {
  const host = server.host.replace(/^\[|\]$/g, '');
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: address,
    port: server.port,
    secure: server.secure,
    auth: server.user ? { user: server.user, pass: server.password ?? '' } : undefined,
    // A server named by its address has no other name to check its certificate against.
    tls: address === host ? undefined : { servername: host },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
