import type { NamedRef } from '@sitefleet/contract';
import { useState } from 'react';

/** Names a list cell shows before '+N more'. */
export const NAMES_SHOWN = 2;

interface NameListProps {
  items: readonly NamedRef[];
  /** What the names are, for the button's accessible name: 'websites'. */
  noun: string;
  /** Whose names they are, for the button's accessible name: the category's. */
  owner: string;
}

/**
 * A category's websites, parents or children as badges: the first NAMES_SHOWN, then '+N more',
 * which shows the rest on click (and names them on hover), so that a long list neither widens its
 * column nor heightens its row. One name more is shown rather than hidden behind '+1 more', which
 * would take its line anyway.
 */
export function NameList({ items, noun, owner }: NameListProps) {
  const [expanded, setExpanded] = useState(false);
  const cut = !expanded && items.length > NAMES_SHOWN + 1;
  const shown = cut ? items.slice(0, NAMES_SHOWN) : items;
  const rest = items.slice(NAMES_SHOWN);
  const toggle = (label: string, name: string, title?: string) => (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 small text-start"
      aria-expanded={expanded}
      aria-label={name}
      title={title}
      onClick={() => setExpanded(!expanded)}
    >
      {label}
    </button>
  );
  return (
    <div className="d-flex flex-wrap gap-1 align-items-center">
      {shown.map((item) => (
        <span
          key={item.id}
          className="badge bg-secondary-subtle text-secondary-emphasis text-wrap text-start cell-break"
        >
          {item.name}
        </span>
      ))}
      {cut &&
        toggle(
          `+${rest.length} more`,
          `+${rest.length} more ${noun} of ${owner}`,
          rest.map((item) => item.name).join(', '),
        )}
      {expanded && toggle('Show fewer', `Show fewer ${noun} of ${owner}`)}
    </div>
  );
}
