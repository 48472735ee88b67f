import { mayCall } from '@letokruh/contracts/access';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { type Preloadable, preloadable, useLoaded } from '../lib/preloadable';
import { accessHolder, profileQuery } from '../lib/session';
import { NotFoundPage } from '../ui/not-found-page';
import { usePageTitle } from '../ui/page-title';
import { PlaceholderPage } from '../ui/placeholder-page';
import { AuthEvents } from './auth-events';
import { Layout } from './layout';
import { RouteGuard } from './route-guard';
import { type AppRoute, appRoutes } from './routes';

function RoutePage({ route }: { route: AppRoute }) {
  usePageTitle(route.titleKey);
  const Page = route.page;
  const content = (
    <Layout showNav={!route.hideNav}>
      <Suspense
        fallback={
          <Center h="40vh">
            <Loader />
          </Center>
        }
      >
        {Page ? <Page /> : <PlaceholderPage titleKey={route.titleKey} />}
      </Suspense>
    </Layout>
  );
  return route.public ? content : <RouteGuard>{content}</RouteGuard>;
}

function NotFound() {
  return <RoutePage route={{ path: '*', titleKey: 'titles.notFound', page: NotFoundPage }} />;
}

// domain.md §1.10: loaded after sign-in, so the login page carries none of it.
const LiveOrdersStream = preloadable(() => import('./live-orders-stream'));

/** The live board's stream while someone who sees orders is signed in (read from the session, never asked). */
function LiveBoard() {
  const { data: user } = useQuery({ ...profileQuery, enabled: false });
  if (!user?.permissions.includes('view_order')) return null;
  return <WhenLoaded component={LiveOrdersStream} />;
}

// Loaded only for a driver once signed in: the outbox sender and its IndexedDB code.
const DriverOutbox = preloadable(() => import('./driver-outbox'));

/** A driver's outbox is sent from any page, not only from "Můj den" (domain.md §2.11). */
function Outbox() {
  const { data: user } = useQuery({ ...profileQuery, enabled: false });
  if (!user || !mayCall('POST /driver/order/:id/delivered', accessHolder(user))) return null;
  return <WhenLoaded component={DriverOutbox} />;
}

/** A part that draws nothing: it starts once its code is here, with no Suspense fallback (decision 0100). */
function WhenLoaded({ component: Component }: { component: Preloadable }) {
  return useLoaded(Component) ? <Component /> : null;
}

function Root() {
  // The session may be known before React takes over the login page drawn at build time, which
  // has neither (decision 0095): they join once it has, in a transition after the first commit
  // (decision 0104). `useHydrated` (a store read) re-rendered the app synchronously inside the takeover's
  // passive effects, in the same long task.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return (
    <>
      <AuthEvents />
      {hydrated ? (
        <>
          <LiveBoard />
          <Outbox />
        </>
      ) : null}
      <Outlet />
    </>
  );
}

/** The app's routes, for the browser's router and for the build's first screen (`app/first-screen.tsx`). */
export const routeTree = (): RouteObject[] => [
  {
    element: <Root />,
    children: [
      ...appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
      // The login page is `/` (domain.md §1.2); an address typed as /login finds it too, and after
      // signing in the user goes on from there, not to a page that does not exist.
      { path: '/login', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTree());

type Router = ReturnType<typeof createBrowserRouter>;

/** `makeRouter` is the build's memory router when it draws the first screen; the browser's otherwise. */
export function AppRouter({ makeRouter = createRouter }: { makeRouter?: () => Router }) {
  const [router] = useState(makeRouter);
  return <RouterProvider router={router} />;
}
