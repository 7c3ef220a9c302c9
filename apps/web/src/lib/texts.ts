/** Screen texts from the spec that several screens share. */
export const NO_RESULTS_TEXT = 'No results found...';
