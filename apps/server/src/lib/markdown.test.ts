import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders emphasis and lists', () => {
    expect(renderMarkdown('**bold** and *it*')).toContain('<strong>bold</strong> and <em>it</em>');
    expect(renderMarkdown('- one\n- two')).toContain('<li>one</li>');
  });

  it('leaves out scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[go](javascript:alert(3))',
        '<a href="https://example.com" onclick="x()">ok</a>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|onerror|onclick|href="javascript:/i);
    expect(html).toMatch(/<a [^>]*>go<\/a>/);
    expect(html).not.toMatch(/<a href="[^"]*"[^>]*>go/);
    expect(html).toContain('href="https://example.com"');
  });
});
