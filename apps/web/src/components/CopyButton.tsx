import { useId, useState } from 'react';

export type CopyState = 'none' | 'copied' | 'failed';

/** Said where a copy failed, under what was to be copied. */
export const COPY_FAILED_TEXT = 'Copying failed: select the text and copy it yourself.';

/** Copies `text` to the clipboard when asked, and says how it went. */
export function useCopy(text: string) {
  const [state, setState] = useState<CopyState>('none');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text can still be selected.
      setState('failed');
    }
  }
  return { state, copy };
}

interface CopyButtonProps {
  copy: ReturnType<typeof useCopy>;
  /** What the button copies, when "Copy" alone would not say it (e.g. 'Copy the codes'). */
  label?: string;
  className?: string;
}

/** A Copy button, which reads Copied once the text is on the clipboard. */
export function CopyButton({
  copy,
  label = 'Copy',
  className = 'btn btn-outline-secondary',
}: CopyButtonProps) {
  return (
    <button type="button" className={className} onClick={copy.copy}>
      <i
        className={`bi ${copy.state === 'copied' ? 'bi-check-lg' : 'bi-clipboard'} me-1`}
        aria-hidden="true"
      />
      {copy.state === 'copied' ? 'Copied' : label}
    </button>
  );
}

interface CopyFieldProps {
  label: string;
  value: string;
  /** What to do with it, under it; a failed copy says so first. */
  help: string;
  /** The Copy button's name, when "Copy" alone would not say it. */
  copyLabel?: string;
  labelClassName?: string;
  inputClassName?: string;
}

/** A value to copy: its label, the text (selected whole when focused) and a Copy button. */
export function CopyField({
  label,
  value,
  help,
  copyLabel,
  labelClassName = 'form-label',
  inputClassName = 'form-control font-monospace',
}: CopyFieldProps) {
  const copy = useCopy(value);
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className={inputClassName}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          aria-describedby={`${id}-help`}
        />
        <CopyButton copy={copy} label={copyLabel} />
      </div>
      <div className="form-text" id={`${id}-help`}>
        {copy.state === 'failed' ? `${COPY_FAILED_TEXT} ` : ''}
        {help}
      </div>
    </>
  );
}
