import { connectLinkStartPath, PUBLISH_TARGET_LABELS } from '@sitefleet/contract';
import type { LinkView } from './links.ts';

/**
 * The pages a browser is shown outside the web app, with no session: a connect link's page, and
 * how a consent ended when there is no Channels screen to go back to (or the state was wrong).
 * Plain HTML, every outside value escaped, no script (the Content-Security-Policy allows inline
 * styles only).
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0;
         background: #f4f6f9; color: #212529; }
  main { max-width: 34rem; margin: 4rem auto; padding: 2rem; background: #fff;
         border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  ul { padding-left: 1.2rem; }
  .muted { color: #5c636a; font-size: .9rem; }
  .button { display: inline-block; padding: .5rem 1rem; border-radius: .375rem; color: #fff;
            background: #0b5ed7; text-decoration: none; font-weight: 600; }
  .button:focus-visible { outline: 3px solid #86b7fe; outline-offset: 2px; }
`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)}</title>
  <style>${STYLE}</style>
</head>
<body>
<main>
  <h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

const paragraph = (text: string, className?: string) =>
  `  <p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>\n`;

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A connect link's page: who asks, through which app, for which network and websites. */
export function linkPage(token: string, link: LinkView): string {
  const network = PUBLISH_TARGET_LABELS[link.network];
  const websites = link.websites.map((name) => `    <li>${escapeHtml(name)}</li>`).join('\n');
  return page(
    `Connect your ${network} account`,
    `${paragraph(`${link.createdByName} asks you to connect your ${network} account to ${link.appName}, so that it publishes the posts of these websites:`)}  <ul>
${websites}
  </ul>
${paragraph(`${network} will ask for your consent. This link works for one connection, until ${when(link.expiresAt)}.`, 'muted')}  <p><a class="button" href="${escapeHtml(connectLinkStartPath(token))}">Continue to ${escapeHtml(network)}</a></p>
`,
  );
}

/** A message page: a consent's end, or why there is nothing to do here. */
export function messagePage(
  title: string,
  message: string,
  back?: { href: string; label: string },
): string {
  const link = back
    ? `  <p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>\n`
    : '';
  return page(title, paragraph(message) + link);
}
