import { type Transportation, transportationFileTypes } from '@letokruh/contracts/transportations';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { transportationsEndpoints } from '../../lib/routes';
import { useAccess } from '../../lib/session';
import { DetailRow, DetailTable } from '../../ui/detail-row';
import { FilesPanel } from '../../ui/files-panel';
import { useFormat } from '../../ui/format';
import { QueryState } from '../../ui/query-state';
import { RemoveButton } from '../../ui/remove-button';
import { deleteTransportation, transportationsKey } from './api';
import { useLoadTypeLabels } from './labels';
import { useTransportationOfRoute } from './use-transportation';

/** Names one under another, or the dash when there are none (domain.md §2.2). */
function Lines({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  if (!lines.length) return <>{t('common.noValue')}</>;
  return (
    <Stack gap={2}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same place may stand twice in one list
        <Text size="sm" key={i}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * /transportation/{id} (domain.md §2.2): the haul's definition list with dashes for empty values,
 * edit and delete for an owner or dispatcher, and its files; file changes reload the record.
 */
export function TransportationDetailPage() {
  const { t } = useTranslation();
  const { can, canCall, user } = useAccess();
  const allowed = can('view_transportation');
  const { id, query, missing } = useTransportationOfRoute(allowed);
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (query.error || !query.data) return <QueryState error={query.error} />;
  return (
    <Stack maw={960}>
      <Anchor component={Link} to="/transportations" size="sm">
        {t('transportations.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={2}>{t('transportations.detailHeading', { id })}</Title>
        <Group gap="sm">
          {canCall('PUT /transportation/:id/edit') ? (
            <Button component={Link} to={`/transportation/${id}/edit`}>
              {t('common.edit')}
            </Button>
          ) : null}
          {canCall('DELETE /transportation/:id/delete') ? <DeleteButton id={id} /> : null}
        </Group>
      </Group>
      <Details item={query.data} />
      <FilesPanel
        endpoints={transportationsEndpoints}
        id={id}
        files={query.data.files}
        fileTypes={transportationFileTypes}
        canChange={canCall('POST /transportation/:id/files/add')}
        // The server lets the uploader delete their own file without change_transportation.
        canDelete={(file) =>
          can('change_transportation') ||
          (canCall('DELETE /transportation/:id/files/:fileId/delete') && file.uploaded_by?.id === user.id)
        }
        onChanged={() => void query.refetch()}
      />
    </Stack>
  );
}

function Details({ item }: { item: Transportation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useLoadTypeLabels();
  const noValue = t('common.noValue');
  return (
    <Paper withBorder p="md">
      <DetailTable labelWidth={200}>
        <DetailRow label={t('transportations.fields.date')}>{format.day(item.date)}</DetailRow>
        <DetailRow label={t('transportations.fields.transportType')}>
          {labels.type(item.load_type.name)}
        </DetailRow>
        {item.load_type.choice ? (
          <DetailRow label={t('transportations.fields.choice')}>
            {labels.choice(item.load_type.choice)}
          </DetailRow>
        ) : null}
        <DetailRow label={t('transportations.fields.driver')}>{item.driver?.name || noValue}</DetailRow>
        <DetailRow label={t('transportations.cmrHeading')}>
          <Lines
            lines={item.cmr_wagon_number.map((c) =>
              t('transportations.cmrLine', {
                number: c.cmr_or_wagon_number,
                amount: format.number(c.amount),
              }),
            )}
          />
        </DetailRow>
        <DetailRow label={t('transportations.fields.spz')}>{item.license_plate?.name || noValue}</DetailRow>
        <DetailRow label={t('transportations.loadingPlaces')}>
          <Lines lines={item.load_location.map((p) => p.name)} />
        </DetailRow>
        <DetailRow label={t('transportations.unloadingPlaces')}>
          <Lines lines={item.unload_location.map((p) => p.name)} />
        </DetailRow>
        <DetailRow label={t('transportations.fields.recipient')}>{item.recipient?.name || noValue}</DetailRow>
        <DetailRow label={t('transportations.fields.subscriber')}>
          {item.subscriber?.name || noValue}
        </DetailRow>
        <DetailRow label={t('transportations.fields.sortiment')}>{item.wood_type?.name || noValue}</DetailRow>
      </DetailTable>
    </Paper>
  );
}

function DeleteButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteTransportation(id),
    onSuccess: () => {
      // Only the list: refetching this page's own record now would answer 404.
      void queryClient.invalidateQueries({ queryKey: [...transportationsKey, 'list'] });
      notifications.show({ color: 'green', message: t('transportations.deleted', { id }) });
      void navigate('/transportations');
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  return (
    <RemoveButton
      label={t('common.delete')}
      question={t('transportations.deleteQuestion', { id })}
      onRemove={() => remove.mutate()}
      pending={remove.isPending}
      size="sm"
      variant="light"
    />
  );
}
