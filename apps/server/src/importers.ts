import type { Importer } from './lists/import.ts';
import { postsImporter } from './modules/posts/import.ts';

/** The lists a CSV file imports into, each with its checks and writes (lists/import.ts). */
export const IMPORTERS: readonly Importer[] = [postsImporter as Importer];
