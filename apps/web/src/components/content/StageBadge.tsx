/** A review stage as a badge in its own colour. */
export function StageBadge({ stage }: { stage: { name: string; colour: string } }) {
  return (
    <span className="badge" style={{ backgroundColor: stage.colour, color: '#fff' }}>
      {stage.name}
    </span>
  );
}
