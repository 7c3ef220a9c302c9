import { readableTextOn } from '../../lib/readable-text.ts';

/** A review stage as a badge in its own colour, its name in whichever text colour reads on it. */
export function StageBadge({ stage }: { stage: { name: string; colour: string } }) {
  return (
    <span
      className="badge"
      style={{ backgroundColor: stage.colour, color: readableTextOn(stage.colour) }}
    >
      {stage.name}
    </span>
  );
}
