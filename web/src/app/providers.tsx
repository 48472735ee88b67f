import { foldedIncludes } from '@letokruh/contracts/rules/text';
import {
  type ComboboxParsedItem,
  type CSSVariablesResolver,
  createTheme,
  MantineProvider,
  type OptionsFilter,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { inNextTask } from '../lib/next-task';
import { themeColors } from './theme-colors';

/**
 * Every searchable pick list finds "Novák" by "novak" (decision 0024), as the server's searches do;
 * Mantine's own filter only ignores letter case.
 */
const foldedFilter = (({ options, search, limit }) => {
  const found: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (found.length >= limit) break;
    if ('group' in item) {
      const items = item.items.filter((option) => foldedIncludes(option.label, search));
      if (items.length > 0) found.push({ ...item, items: items.slice(0, limit - found.length) });
    } else if (foldedIncludes(item.label, search)) {
      found.push(item);
    }
  }
  return found;
}) as OptionsFilter;

const theme = createTheme({
  primaryColor: 'wood',
  colors: themeColors,
  defaultRadius: 'sm',
  // Plain objects, not Select.extend(): importing the components here would put them into the
  // login page's JavaScript (its budget, decision 0020).
  components: {
    Select: { defaultProps: { filter: foldedFilter } },
    MultiSelect: { defaultProps: { filter: foldedFilter } },
    Autocomplete: { defaultProps: { filter: foldedFilter } },
    TagsInput: { defaultProps: { filter: foldedFilter } },
    // Decision 0032 (WCAG 2.1.1): a table wider than a phone scrolls inside its box, and a keyboard
    // must be able to scroll it too, also where the table holds no link or button.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Decision 0100: an open dialog locks the page's scrolling by holding its wheel, touch and keys
    // (react-remove-scroll), without the style sheet that hides the page's scroll bar: adding and
    // removing it made the browser restyle the whole page on each open and close.
    Modal: { defaultProps: { removeScrollProps: { removeScrollBar: false } } },
    Drawer: { defaultProps: { removeScrollProps: { removeScrollBar: false } } },
  },
});

/**
 * Decision 0032, WCAG 2.1 AA: placeholders ("All warehouses") are text a user must read; Mantine's
 * gray.5 reads at 2.1:1, the dimmed gray.6 at 4.6:1.
 */
const readableVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

/**
 * Decision 0104: the notices' container mounts in a render of its own, after the first one. Its
 * portal mounts itself in a layout effect, which re-rendered it synchronously inside the commit
 * that takes over a drawn page. A notice shown before it mounts waits in Mantine's store.
 */
function NoticesAfterFirstRender() {
  const [shown, setShown] = useState(false);
  useEffect(() => inNextTask(() => startTransition(() => setShown(true))), []);
  return shown ? <Notifications position="top-right" /> : null;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={readableVariables}>
          <NoticesAfterFirstRender />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
