import type { MentionableUser, VariantKind } from '@sitefleet/contract';
import {
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useMentionable } from '../../lib/content/variant-review.ts';

/**
 * The mention being typed where the caret is: an `@` at the start or after a space, then the
 * characters up to the caret (no space, no second `@`). `start` is the `@`'s index.
 */
export function mentionAt(text: string, caret: number): { start: number; term: string } | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const term = match[2] ?? '';
  return { start: caret - term.length - 1, term };
}

interface MentionTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  kind: VariantKind;
  variantId: number;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A comment box that suggests whom to mention: after `@` and a few letters of a name or an
 * address, a list of the users who may see the variant; picking one (click, or the arrow keys
 * and Enter or Tab) writes `@` and their address, which is what mentions them. Escape closes the
 * list for that mention. The list is the textarea's, through aria-activedescendant, so the caret
 * stays in the text.
 */
export function MentionTextarea({
  kind,
  variantId,
  value,
  onChange,
  ...textarea
}: MentionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  // The `@` whose suggestions Escape closed: typing on in that mention keeps them closed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Where the caret goes once a picked address is in the text.
  const caretAfterPick = useRef<number | null>(null);

  const mention = mentionAt(value, caret);
  const asking = focused && mention !== null && mention.term !== '' && dismissed !== mention.start;
  const users = useMentionable(kind, variantId, asking ? mention.term : null);
  const options = asking ? (users.data ?? []) : [];
  const shown = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !ref.current) return;
    caretAfterPick.current = null;
    ref.current.setSelectionRange(at, at);
  });

  function pick(user: MentionableUser) {
    if (!mention) return;
    const inserted = `@${user.email} `;
    const at = mention.start + inserted.length;
    onChange(value.slice(0, mention.start) + inserted + value.slice(caret));
    caretAfterPick.current = at;
    setCaret(at);
    setActive(0);
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!shown || !mention) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      pick(options[activeIndex]!);
    } else if (event.key === 'Escape') {
      // Closes the list, not the dialog around the box.
      event.stopPropagation();
      setDismissed(mention.start);
    } else {
      return;
    }
    event.preventDefault();
  }

  return (
    <div className="position-relative">
      <textarea
        ref={ref}
        {...textarea}
        value={value}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={keyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      {shown && (
        <div
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="dropdown-menu show w-100 start-0"
          style={{ top: '100%' }}
        >
          {options.map((user, index) => (
            // The keys are the textarea's (aria-activedescendant); a click must not take the
            // focus from it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the textarea handles the keys
            <div
              key={user.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`dropdown-item ${index === activeIndex ? 'active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(user)}
            >
              {user.name} <span className="small opacity-75">{user.email}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
