import { foldedIncludes } from '@letokruh/contracts/rules/text';
import { type ComboboxParsedItem, createTheme, MantineProvider, type OptionsFilter } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';

/**
 * Every searchable pick list finds "Novák" by "novak" (issue 14), as the server's searches do;
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
  colors: {
    wood: [
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
    ],
  },
  defaultRadius: 'sm',
  // Plain objects, not Select.extend(): importing the components here would put them into the
  // login page's JavaScript (its budget, issue 9).
  components: {
    Select: { defaultProps: { filter: foldedFilter } },
    MultiSelect: { defaultProps: { filter: foldedFilter } },
    Autocomplete: { defaultProps: { filter: foldedFilter } },
    TagsInput: { defaultProps: { filter: foldedFilter } },
  },
});

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <Notifications position="top-right" />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
