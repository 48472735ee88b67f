import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { Providers } from './providers';
import { AppRouter } from './router';

type Props = { queryClient: QueryClient; makeRouter?: Parameters<typeof AppRouter>[0]['makeRouter'] };

/** The whole app: the browser renders it, and the build draws its first screen from it (decision 0095). */
export function App({ queryClient, makeRouter }: Props) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <AppRouter makeRouter={makeRouter} />
      </Providers>
    </StrictMode>
  );
}
