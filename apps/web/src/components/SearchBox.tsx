import { SEARCH_DEBOUNCE_MS } from '@sitefleet/contract';
import { useEffect, useRef, useState } from 'react';

interface SearchBoxProps {
  /** The search in force (from the URL). */
  value: string;
  /** Called SEARCH_DEBOUNCE_MS after the last keystroke with the typed text. */
  onSearch: (query: string) => void;
  label?: string;
  placeholder?: string;
}

/**
 * A search input debounced by 300 ms, so that typing sends one request, not one per key. It follows `value` when the URL changes on its own
 * (back button, a link), and only then: while the user types, their text wins.
 */
export function SearchBox({
  value,
  onSearch,
  label = 'Search',
  placeholder = 'Search',
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The text last handed to onSearch: when it comes back as `value`, the input has moved on.
  const [sentText, setSentText] = useState<string | null>(null);
  if (value !== shownValue) {
    setShownValue(value);
    setSentText(null);
    if (value !== sentText) setText(value);
  }

  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => {
      setSentText(text);
      latestOnSearch.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="input-group input-group-sm" style={{ maxWidth: '18rem' }}>
      <span className="input-group-text" aria-hidden="true">
        <i className="bi bi-search" />
      </span>
      <input
        type="search"
        className="form-control"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
