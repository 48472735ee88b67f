import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { copyOrder, ordersKey } from './api';

/**
 * /order/{id}/copy (domain.md §1.2, §1.7): GET /order/{id}/copy makes the copy, and the address is
 * replaced by the copy's items step. The call is made once per visit, also under React's strict
 * mode, which runs effects twice: a second copy would be a second order.
 */
export function OrderCopyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { canCall, user } = useAccess();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const allowed = canCall('GET /order/:id/copy');
  const started = useRef<number | null>(null);
  const copy = useMutation({
    mutationFn: copyOrder,
    onSuccess: (newId) => {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void navigate(`/order/${newId}/items`, { replace: true });
    },
  });
  const { mutate } = copy;
  useEffect(() => {
    if (!valid || !allowed || started.current === id) return;
    started.current = id;
    mutate(id);
  }, [id, valid, allowed, mutate]);

  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (!valid || copy.error)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{copy.error ? t(errorKey(copy.error)) : t('orderSteps.notFound')}</Text>
          <Anchor component={Link} to="/orders" size="sm">
            {t('orderSteps.toList')}
          </Anchor>
        </Stack>
      </Alert>
    );
  return (
    <Center h="30vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{t('orderSteps.copying')}</Text>
      </Stack>
    </Center>
  );
}
