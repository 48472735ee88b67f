/** Characters of a product's name on one line beside its bar (12 px text in the 150 px axis). */
const lineLength = 21;

/**
 * A name on one line, or on two cut at the space that makes them most even ("Buk štípaný" /
 * "sypané 33 cm", not a lone "cm"); what still does not fit ends with "…" (the table beside the
 * chart has the whole name, and the tick's title too).
 */
export function nameLines(name: string): string[] {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text.length <= lineLength) return [text];
  const cut = (line: string) => (line.length > lineLength ? `${line.slice(0, lineLength - 1)}…` : line);
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return [cut(text)];
  // The most even cut whose first line fits; failing that, the last space that lets it fit.
  const fitting = spaces.filter((i) => i <= lineLength);
  const at = (fitting.length ? fitting : spaces).reduce((best, i) =>
    Math.max(i, text.length - i - 1) < Math.max(best, text.length - best - 1) ? i : best,
  );
  return [cut(text.slice(0, at)), cut(text.slice(at + 1))];
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
