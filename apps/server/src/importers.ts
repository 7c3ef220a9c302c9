import type { Importer } from './lists/import.ts';
import { categoriesImporter } from './modules/categories/import.ts';
import { postsImporter } from './modules/posts/import.ts';
import { revenueImporter } from './modules/revenue/import.ts';
import { websitesImporter } from './modules/websites/import.ts';

/** The lists a CSV file imports into, each with its checks and writes (lists/import.ts). */
export const IMPORTERS = [
  websitesImporter,
  categoriesImporter,
  postsImporter,
  revenueImporter,
] as Importer[];
