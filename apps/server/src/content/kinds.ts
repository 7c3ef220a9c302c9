/**
 * The two kinds of content record: categories and posts, each with per-website variants. What
 * they share (paging, variants, Detailed Review, actions) is written once over these names.
 */
export interface ContentKind {
  kind: 'category' | 'post';
  /** The records' table and the variants' table, and the variants' column naming the record. */
  records: 'categories' | 'posts';
  /** The records' column that names them in Detailed Review, and the answer's field for it. */
  nameColumn: 'name' | 'title';
  nameField: 'category_name' | 'post_title';
  variants: 'category_variants' | 'post_variants';
  owner: 'category_id' | 'post_id';
  /** The ability that moves its variants between review stages and assigns them. */
  reviewAbility: 'category-review' | 'post-review';
}

export const CATEGORY_KIND = {
  kind: 'category',
  records: 'categories',
  nameColumn: 'name',
  nameField: 'category_name',
  variants: 'category_variants',
  owner: 'category_id',
  reviewAbility: 'category-review',
} as const satisfies ContentKind;
export const POST_KIND = {
  kind: 'post',
  records: 'posts',
  nameColumn: 'title',
  nameField: 'post_title',
  variants: 'post_variants',
  owner: 'post_id',
  reviewAbility: 'post-review',
} as const satisfies ContentKind;

export const kindOf = (kind: 'category' | 'post'): ContentKind =>
  kind === 'category' ? CATEGORY_KIND : POST_KIND;
