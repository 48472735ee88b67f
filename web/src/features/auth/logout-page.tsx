import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { forgetDriverDay } from '../../lib/driver-offline';
import { userQueryKey } from '../../lib/session';
import { clearListStates } from '../../ui/list-state';
import { resetDashboardState } from '../dashboard';
import { logout } from './api';

/** domain.md §1.2: calls the logout endpoint, clears the profile, goes to login. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    // The driver's day kept on the phone is forgotten with the session (decision 0078).
    Promise.all([logout(), forgetDriverDay()])
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        queryClient.setQueryData(userQueryKey, null);
        clearListStates();
        resetDashboardState();
        queryClient.removeQueries({
          predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'config',
        });
        void navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, navigate]);
  return (
    <Center h="50vh">
      <Loader />
    </Center>
  );
}
