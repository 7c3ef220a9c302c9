/** Screen texts that several screens share. */
export const NO_RESULTS_TEXT = 'No results found...';

/** The multi-select's texts. */
export const MULTI_SELECT_TEXTS = {
  noMatches: 'No elements found. Consider changing the search query.',
  empty: 'List is empty.',
  maxSelected: (max: number) =>
    `Maximum of ${max} options selected. First remove a selected option to select another.`,
} as const;

/** A word with its first letter in capitals, e.g. a group's title from its key ('post' → 'Post'). */
export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
