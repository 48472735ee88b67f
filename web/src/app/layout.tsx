import { Box, Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { preloadable } from '../lib/preloadable';
import { OfflineBanner } from './offline-banner';

/**
 * The frame with the navigation is code of its own (decision 0092): the login page, the password
 * link and other pages without navigation never load the header, its menus and the phone drawer.
 * It is asked for early by the boot (decision 0092): at once for a page with navigation; on the
 * login page once the user types or the session is known, so the page after sign-in waits for nothing more.
 */
const AppFrame = preloadable(() => import('./app-frame').then((m) => ({ default: m.AppFrame })));
export const preloadFrame = AppFrame.preload;

export function Layout({ children, showNav }: { children: ReactNode; showNav: boolean }) {
  if (!showNav)
    return (
      <Box p="md">
        <OfflineBanner />
        {children}
      </Box>
    );
  return (
    <Suspense
      fallback={
        <Center h="40vh">
          <Loader />
        </Center>
      }
    >
      <AppFrame>{children}</AppFrame>
    </Suspense>
  );
}
