import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { darkenToContrast } from '../ui/contrast';

/** The brand colour; shades 7–9 as chosen, 6 (the old primary) darkened below. */
const wood: MantineColorsTuple = [
  '#fbf3ea',
  '#f1e3d2',
  '#e4c5a1',
  '#d7a56c',
  '#cc8a40',
  '#c57a26',
  '#c27118',
  '#ab600c',
  '#985406',
  '#854600',
];

// Striped table rows and gray.0 panels are the palest ground text sits on.
const grounds = ['#ffffff', DEFAULT_THEME.colors.gray[0]];

/**
 * Decision 0032, WCAG 2.1 AA: Mantine's shades 6–9 carry text (`c="red"`, filled buttons and badges,
 * light variants, links) and many of them read below 4.5:1 on white (green.6 2.4:1, the brand's
 * old shade 6 3.7:1). Each is darkened just enough — 6 to 4.6:1, each further shade a step darker
 * — so the palette keeps its look; shade 9 also reads on shade 1 (the light variant's ground).
 * Shades 0–5 (backgrounds, borders) stay as they are.
 */
export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const out = [...palette];
  const targets = [4.6, 5.2, 5.9, 6.6];
  for (let i = 6; i <= 9; i++) {
    const darker = out[i] as string;
    out[i] = darkenToContrast(
      darker,
      targets[i - 6] as number,
      i === 9 ? [...grounds, out[1] as string] : grounds,
    );
  }
  return out as unknown as MantineColorsTuple;
}

const names = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

const palettes = Object.fromEntries(names.map((n) => [n, readablePalette(DEFAULT_THEME.colors[n])]));

/**
 * gray.6 is the dimmed text (and, here, the placeholder): it also sits on the light variants'
 * pale grounds (a green "paid" panel), so it reads at 4.6:1 on every palette's shade 1 too.
 */
const gray = [...(palettes.gray as MantineColorsTuple)];
gray[6] = darkenToContrast(gray[6] as string, 4.6, [
  ...grounds,
  ...names.map((n) => DEFAULT_THEME.colors[n][1]),
  wood[1],
]);

export const themeColors: Record<string, MantineColorsTuple> = {
  ...palettes,
  gray: gray as unknown as MantineColorsTuple,
  wood: readablePalette(wood),
};
