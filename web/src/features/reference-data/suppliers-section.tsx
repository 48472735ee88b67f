import type { Supplier, SupplierInput } from '@letokruh/contracts/reference';
import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { RemoveButton } from '../../ui/remove-button';
import { addSupplier, editSupplier, referenceKey, removeSupplier, suppliersQuery } from './api';
import { SupplierForm } from './supplier-form';

/** Suppliers named on delivery notes and QR payments (domain.md §1.3), kept by the owner. */
export function SuppliersSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery);
  // null: closed; 'new': adding; a supplier: editing it.
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const close = () => setEditing(null);
  const save = useMutation({
    mutationFn: (body: SupplierInput) =>
      editing && editing !== 'new' ? editSupplier(editing.id, body) : addSupplier(body),
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: referenceKey });
      notifications.show({
        color: 'green',
        message: t(editing === 'new' ? 'suppliers.added' : 'suppliers.saved', { name: item.name }),
      });
      close();
    },
  });
  const remove = useMutation({
    mutationFn: removeSupplier,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: referenceKey });
      notifications.show({ color: 'green', message: t('suppliers.removed', { name: item.name }) });
    },
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });
  const open = (target: Supplier | 'new') => {
    save.reset();
    setEditing(target);
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('suppliers.heading')}</Title>
          <Button size="sm" onClick={() => open('new')}>
            {t('suppliers.add')}
          </Button>
        </Group>
        {suppliers.isError ? <Alert color="red">{t(errorKey(suppliers.error))}</Alert> : null}
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('suppliers.fields.name')}</Table.Th>
                <Table.Th>{t('suppliers.fields.ids')}</Table.Th>
                <Table.Th>{t('suppliers.fields.account')}</Table.Th>
                <Table.Th>{t('suppliers.fields.iban')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(suppliers.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {s.name}
                    </Text>
                    {s.ico ? (
                      <Text size="xs" c="dimmed">
                        {[s.full_address, `${s.zip_code} ${s.town}`.trim()].filter(Boolean).join(', ')}
                        {s.phone || s.email
                          ? ` · ${[s.phone && formatPhone(s.phone), s.email].filter(Boolean).join(', ')}`
                          : ''}
                      </Text>
                    ) : (
                      <Text size="xs" c="orange.8">
                        {t('suppliers.noIdentity')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {s.ico ? `IČO ${s.ico}` : t('common.noValue')}
                      </Text>
                      {s.dic ? (
                        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          DIČ {s.dic}
                        </Text>
                      ) : null}
                      {s.ico ? (
                        <Badge size="xs" variant="light" color={s.vat_payer ? 'teal' : 'gray'}>
                          {t(s.vat_payer ? 'suppliers.payer' : 'suppliers.nonPayer')}
                        </Badge>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {`${s.bank_account}/${s.bank_code}`}
                  </Table.Td>
                  <Table.Td ff="monospace">{groupIban(s.iban)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => open(s)}>
                        {t('common.edit')}
                      </Button>
                      <RemoveButton
                        label={t('suppliers.remove')}
                        question={t('suppliers.removeQuestion', { name: s.name })}
                        onRemove={() => remove.mutate(s.id)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {suppliers.data?.length === 0 ? (
          <Text c="dimmed" ta="center">
            {t('common.noRecords')}
          </Text>
        ) : null}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('suppliers.addHeading') : t('suppliers.editHeading')}
        size="lg"
        centered
      >
        {editing !== null ? (
          <SupplierForm
            initial={editing === 'new' ? undefined : editing}
            pending={save.isPending}
            serverError={save.error}
            onSubmit={(body) => save.mutate(body)}
            onCancel={close}
          />
        ) : null}
      </Modal>
    </Paper>
  );
}
