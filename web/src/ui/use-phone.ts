import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em, 768 px): phones, held upright or sideways. */
export const phoneQuery = '(max-width: 48em)';

/** True on a phone-sized screen, from the first render (no desktop flash before the layout). */
export function usePhone(): boolean {
  return useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false }) ?? false;
}
