import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../lib/session';

/** domain.md §1.2: without a session every route but login and logout leads to login with `?path=`. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useProfile();
  const location = useLocation();
  if (isPending) {
    return (
      <Center h="50vh">
        <Loader />
      </Center>
    );
  }
  if (!user) {
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/?path=${encodeURIComponent(wanted)}`} replace />;
  }
  if (user.must_change_password && location.pathname !== '/account')
    return <Navigate to="/account" replace />;
  return children;
}
