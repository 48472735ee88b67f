import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/focus.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from './app/boot';
import { createQueryClient, Providers } from './app/providers';
import { AppRouter } from './app/router';
import { i18nReady } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const queryClient = createQueryClient();
boot(queryClient, window.location.pathname);
// English (or another chosen language) loads before the first render: no Czech flash.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
