/**
 * The two servers the browser suite runs against, both on the compiled server with the demo data:
 * the shared one, which specs add their own records to, and an untouched one for what needs the
 * demo data exactly as seeded, or a state no spec may give the shared server (scheduled tasks in
 * every state, a long application name).
 */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 1);
export const DATA_DIR = process.env.E2E_DATA_DIR ?? 'e2e/.data';
export const DEMO_DATA_DIR = `${DATA_DIR}-demo`;

export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
