import { Box, Center, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { OfflineBanner } from './offline-banner';

/**
 * The frame with the navigation is code of its own (decision 0092): the login page, the password
 * link and other pages without navigation never load the header, its menus and the phone drawer.
 * It is asked for early: by the boot for a page with navigation, and once the login page has
 * drawn, so that the first page after sign-in waits for nothing more.
 */
const loadFrame = () => import('./app-frame');
let frameLoading: ReturnType<typeof loadFrame> | null = null;
export const preloadFrame = () => {
  frameLoading ??= loadFrame().catch((error: unknown) => {
    frameLoading = null; // a failed chunk is asked for again
    throw error;
  });
  return frameLoading;
};
const AppFrame = lazy(() => preloadFrame().then((m) => ({ default: m.AppFrame })));

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
