import { type Adtype, adtypeInputSchema } from '@letokruh/contracts/reference';
import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { RemoveButton } from '../../ui/remove-button';
import { addAdtype, adtypesQuery, editAdtype, referenceKey, removeAdtype } from './api';

/** One name, typed and checked before it is sent; the server's refusal is shown in place. */
function NameForm(props: {
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adtypeInputSchema.safeParse({ name });
    setEmpty(!parsed.success);
    if (parsed.success) props.onSubmit(parsed.data.name);
  };
  const refused = props.error instanceof ApiError && props.error.fields.includes('name');
  const message = empty ? t('errors.missingFields') : props.error ? t(errorKey(props.error)) : null;
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start">
        <TextInput
          label={props.label}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={message && (empty || refused) ? message : false}
          style={{ flex: 1 }}
          maxLength={100}
          data-autofocus
        />
        <Group mt={25} gap="xs">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {message && !empty && !refused ? (
        <Alert color="red" mt="sm">
          {message}
        </Alert>
      ) : null}
    </form>
  );
}

/** Ad types an order may name (domain.md §1.3 Adtype), kept by the owner. */
export function AdtypesSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const adtypes = useQuery(adtypesQuery);
  const [renaming, setRenaming] = useState<Adtype | null>(null);
  const [formKey, setFormKey] = useState(0);
  const done = (key: string) => (item: Adtype) => {
    void queryClient.invalidateQueries({ queryKey: referenceKey });
    notifications.show({ color: 'green', message: t(key, { name: item.name }) });
  };
  const add = useMutation({
    mutationFn: (name: string) => addAdtype({ name }),
    onSuccess: (item) => {
      done('adtypes.added')(item);
      setFormKey((k) => k + 1);
    },
  });
  const rename = useMutation({
    mutationFn: (name: string) => editAdtype(renaming?.id ?? 0, { name }),
    onSuccess: (item) => {
      done('adtypes.saved')(item);
      setRenaming(null);
    },
  });
  const remove = useMutation({
    mutationFn: removeAdtype,
    onSuccess: done('adtypes.removed'),
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('adtypes.heading')}</Title>
        {adtypes.isError ? <Alert color="red">{t(errorKey(adtypes.error))}</Alert> : null}
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adtypes.fields.name')}</Table.Th>
              <Table.Th w={220}>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(adtypes.data ?? []).map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => {
                        rename.reset();
                        setRenaming(a);
                      }}
                    >
                      {t('adtypes.rename')}
                    </Button>
                    <RemoveButton
                      label={t('adtypes.remove')}
                      question={t('adtypes.removeQuestion', { name: a.name })}
                      onRemove={() => remove.mutate(a.id)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {adtypes.data?.length === 0 ? (
          <Text c="dimmed" ta="center">
            {t('common.noRecords')}
          </Text>
        ) : null}
        <NameForm
          key={formKey}
          initial=""
          label={t('adtypes.newName')}
          submitLabel={t('adtypes.add')}
          pending={add.isPending}
          error={add.error}
          onSubmit={(name) => add.mutate(name)}
        />
      </Stack>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('adtypes.renameHeading')}
        centered
      >
        {renaming ? (
          <NameForm
            initial={renaming.name}
            label={t('adtypes.fields.name')}
            submitLabel={t('common.save')}
            pending={rename.isPending}
            error={rename.error}
            onSubmit={(name) => rename.mutate(name)}
            onCancel={() => setRenaming(null)}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}
