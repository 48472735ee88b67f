/** Characters of a product's name on one line beside its bar (12 px text in the 150 px axis). */
const lineLength = 21;

/**
 * A name cut at spaces into at most two lines; what does not fit ends with "…" (the table beside
 * the chart has the whole name, and the tick's title too).
 */
export function nameLines(name: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= lineLength || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2)
    return lines.map((l) => (l.length > lineLength ? `${l.slice(0, lineLength - 1)}…` : l));
  const second = lines.slice(1).join(' ');
  return [lines[0]!, `${second.slice(0, lineLength - 1)}…`];
}

type TickProps = { x?: number; y?: number; payload?: { value?: string } };

/** The chart's axis label: the product's name on one or two lines, right-aligned to its bar. */
export function NameTick({ x = 0, y = 0, payload }: TickProps) {
  const name = String(payload?.value ?? '');
  const lines = nameLines(name);
  return (
    <text x={x - 8} y={y} textAnchor="end" fontSize={12} fill="currentColor">
      <title>{name}</title>
      {lines.map((line, i) => (
        <tspan key={line} x={x - 8} dy={i === 0 ? (lines.length > 1 ? -3 : 4) : 14}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
