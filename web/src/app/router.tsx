import { Center, Loader } from '@mantine/core';
import { Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
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

function Root() {
  return (
    <>
      <AuthEvents />
      <Outlet />
    </>
  );
}

export const createRouter = () =>
  createBrowserRouter([
    {
      element: <Root />,
      children: [
        ...appRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);

export function AppRouter() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}
