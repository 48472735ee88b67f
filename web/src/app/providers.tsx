import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';

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
