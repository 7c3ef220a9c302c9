import { type ClipboardEvent, type KeyboardEvent, type Ref, useState } from 'react';
import { addKeywords, removeKeyword } from './keywords.ts';

interface KeywordsInputProps {
  id: string;
  value: readonly string[];
  onChange: (keywords: string[]) => void;
  onBlur: () => void;
  /** react-hook-form's field ref, so that an error can focus the input. */
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  ariaDescribedBy?: string;
}

/**
 * Keywords as tags: Enter or a comma adds what was typed, pasting "a, b, c" adds three, Backspace
 * in the empty input removes the last tag, and leaving the input keeps what was typed.
 */
export function KeywordsInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid = false,
  ariaDescribedBy,
}: KeywordsInputProps) {
  const [text, setText] = useState('');

  function commit(typed: string) {
    if (typed.trim() !== '') onChange(addKeywords(value, typed));
    setText('');
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && text.trim() !== '') {
      event.preventDefault();
      commit(text);
    } else if (event.key === ',') {
      event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(removeKeyword(value, value.length - 1));
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    commit(text + event.clipboardData.getData('text'));
  }

  return (
    <div
      className={`form-control d-flex flex-wrap align-items-center gap-1 ${invalid ? 'is-invalid' : ''}`}
    >
      {value.map((keyword, index) => (
        <span key={keyword} className="badge text-bg-secondary d-inline-flex align-items-center">
          {keyword}
          <button
            type="button"
            className="btn-close btn-close-white ms-1"
            style={{ fontSize: '0.5rem' }}
            aria-label={`Remove ${keyword}`}
            onClick={() => onChange(removeKeyword(value, index))}
          />
        </span>
      ))}
      <input
        id={id}
        ref={inputRef}
        className="border-0 flex-grow-1 bg-transparent text-body"
        style={{ outline: 'none', minWidth: '8rem' }}
        placeholder={value.length === 0 ? 'Type a keyword and press Enter' : undefined}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={ariaDescribedBy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={keyDown}
        onPaste={paste}
        onBlur={() => {
          commit(text);
          onBlur();
        }}
      />
    </div>
  );
}
