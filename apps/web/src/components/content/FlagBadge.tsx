interface FlagBadgeProps {
  /** 1 is on; anything else is off. */
  value: number;
  onText?: string;
  offText?: string;
}

/** A flag as the lists show it: green for 1, red otherwise. */
export function FlagBadge({ value, onText = 'Yes', offText = 'No' }: FlagBadgeProps) {
  const on = value === 1;
  return (
    <span className={`badge ${on ? 'text-bg-success' : 'text-bg-danger'}`}>
      {on ? onText : offText}
    </span>
  );
}
