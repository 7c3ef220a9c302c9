import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Comments are Markdown, shown as HTML: rendered here, then cut down to an allow-list, so that no
 * script, event handler or `javascript:` link reaches a browser whatever the comment says.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false });

const ALLOWED = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
} satisfies sanitizeHtml.IOptions;

export function renderMarkdown(text: string): string {
  const html = markdown.parse(text) as string;
  return sanitizeHtml(html, ALLOWED);
}
