import type { TransportationPayload } from '@letokruh/contracts/transportations';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { FormPage } from '../../ui/form-page';
import { StaleAlert } from '../../ui/stale-alert';
import { addTransportation, editTransportation, transportationsKey } from './api';
import { draftOf, emptyDraft } from './draft';
import { TransportationForm } from './transportation-form';
import { useTransportationOfRoute } from './use-transportation';

const listPath = '/transportations';

function Page({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormPage back={{ to: listPath, label: t('transportations.backToList') }} title={heading} maw={960}>
      {children}
    </FormPage>
  );
}

/** /transportation/add (domain.md §2.2); success returns to the list. */
export function TransportationAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: addTransportation,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: transportationsKey });
      notifications.show({ color: 'green', message: t('transportations.added', { id: item.id }) });
      void navigate(listPath);
    },
  });
  if (!user) return null;
  if (!canCall('POST /transportation/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Page heading={t('transportations.addHeading')}>
      <TransportationForm
        initial={emptyDraft()}
        pending={add.isPending}
        serverError={add.error}
        submitLabel={t('transportations.create')}
        onSubmit={(body) => add.mutate(body)}
      />
    </Page>
  );
}

/**
 * /transportation/{id}/edit: the same form prefilled, saved with the record's version; a stale
 * one offers to reload (409), an unknown haul goes back to the list. Success returns to the list.
 */
export function TransportationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  // domain.md §2.2, §2.6: correcting a haul is the owner's or the dispatcher's, as the server checks.
  const allowed = canCall('PUT /transportation/:id/edit');
  const { id, query, missing } = useTransportationOfRoute(allowed);
  const save = useMutation({
    mutationFn: (body: TransportationPayload) => editTransportation(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: transportationsKey });
      notifications.show({ color: 'green', message: t('transportations.saved') });
      void navigate(listPath);
    },
  });
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (query.error) return <Alert color="red">{t(errorKey(query.error))}</Alert>;
  if (!query.data) return null;
  const item = query.data;
  const stale = save.error instanceof ApiError && save.error.status === 409;
  return (
    <Page heading={t('transportations.editHeading', { id: item.id })}>
      {stale ? <StaleAlert onReload={() => void query.refetch().then(() => save.reset())} /> : null}
      <TransportationForm
        key={item.version}
        initial={draftOf(item)}
        version={item.version}
        currentDriver={item.driver}
        pending={save.isPending}
        serverError={stale ? null : save.error}
        submitLabel={t('transportations.save')}
        onSubmit={(body) => save.mutate(body)}
      />
    </Page>
  );
}
