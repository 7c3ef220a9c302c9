import { splitKeywords } from '@sitefleet/contract';

/**
 * The list with the keywords of typed or pasted text added at the end. The text may hold several,
 * comma-separated; blanks and keywords already listed (in any case) are left out, as the server
 * stores them.
 */
export function addKeywords(keywords: readonly string[], text: string): string[] {
  return splitKeywords([...keywords, text].join(','));
}

/** The list without the keyword at `index`. */
export function removeKeyword(keywords: readonly string[], index: number): string[] {
  return keywords.filter((_, position) => position !== index);
}
