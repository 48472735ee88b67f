import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { transportationQuery } from './api';

/** The haul of the address; an unknown one returns to the list (as customers do, domain.md §2.8). */
export function useTransportationOfRoute(enabled: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...transportationQuery(id), enabled: enabled && valid });
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useEffect(() => {
    if (!enabled || !missing) return;
    notifications.show({
      id: 'transportation-not-found',
      color: 'orange',
      message: t('transportations.notFound'),
    });
    void navigate('/transportations', { replace: true });
  }, [enabled, missing, navigate, t]);
  return { id, query, missing };
}
