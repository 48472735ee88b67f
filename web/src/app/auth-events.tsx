import { ErrorCode } from '@letokruh/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onAuthProblems } from '../lib/api-client';
import { mayHoldKeptDay } from '../lib/kept-day-db';
import { userQueryKey } from '../lib/session';

/**
 * What a 401 or 403 on any call does: 401 clears the user and goes to login carrying the wanted
 * path; a 403 with a still-valid session only tells the user (decision 0002 refines domain.md §1.2).
 */
export function AuthEvents() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    onAuthProblems({
      unauthorized() {
        queryClient.setQueryData(userQueryKey, null);
        // The session ended: the driver's day kept on the phone goes with it (decision 0078).
        void mayHoldKeptDay()
          .then((may) => (may ? import('../lib/driver-offline').then((m) => m.forgetDriverDay()) : undefined))
          .catch(() => undefined);
        const { pathname, search } = window.location;
        // The public pages: the login, the logout, and the set-password link's page (decision 0089).
        if (pathname === '/' || pathname.startsWith('/logout') || pathname.startsWith('/set-password'))
          return;
        void navigate(`/?path=${encodeURIComponent(pathname + search)}`, { replace: true });
      },
      forbidden(error) {
        if (error.errorCode === ErrorCode.passwordChangeRequired) {
          void queryClient.invalidateQueries({ queryKey: userQueryKey });
          void navigate('/account');
          return;
        }
        notifications.show({ color: 'red', message: t('common.accessDenied'), id: 'access-denied' });
      },
    });
  }, [queryClient, navigate, t]);
  return null;
}
