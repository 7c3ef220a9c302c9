/** How many names a row shows before it says how many more there are. */
const SHOWN = 3;

/**
 * A row's names in a list cell (a token's abilities, a subscription's events): the first few as
 * code, then '+N more'; all of them on hover.
 */
export function ShortList({ items, shown = SHOWN }: { items: readonly string[]; shown?: number }) {
  const more = items.length - shown;
  return (
    <span className="d-inline-flex flex-wrap gap-1" title={items.join(', ')}>
      {items.slice(0, shown).map((item) => (
        <code key={item} className="small">
          {item}
        </code>
      ))}
      {more > 0 && <span className="small text-body-secondary">+{more} more</span>}
    </span>
  );
}
