/** A Bootstrap spinner with a name for screen readers. */
export function LoadingSpinner({
  label = 'Loading...',
  small = false,
}: {
  label?: string;
  small?: boolean;
}) {
  return (
    <output className={`spinner-border ${small ? 'spinner-border-sm' : ''}`}>
      <span className="visually-hidden">{label}</span>
    </output>
  );
}
