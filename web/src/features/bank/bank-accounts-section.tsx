import type { BankAccount } from '@letokruh/contracts/bank';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { activeSuppliersQuery } from '../../lib/reference-queries';
import { useFormat } from '../../ui/format';
import { addBankAccount, bankAccountsQuery, bankKey, setFioToken } from './api';

/** A new Fio token for one account: written once, sealed by the server, never shown again (decision 0076). */
function TokenForm({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const save = useMutation({
    mutationFn: (value: string) => setFioToken(account.id, value),
    onSuccess: () => {
      setToken('');
      notifications.show({ color: 'green', message: t('bank.accounts.tokenSaved') });
      void queryClient.invalidateQueries({ queryKey: bankKey });
    },
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <PasswordInput
        aria-label={`${t('bank.accounts.newToken')} ${account.account}/${account.bank_code}`}
        placeholder={t('bank.accounts.newToken')}
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.currentTarget.value.trim())}
        w={220}
      />
      <Button size="sm" variant="default" disabled={!token} onClick={() => save.mutate(token)}>
        {t('bank.accounts.saveToken')}
      </Button>
      {account.has_fio_token ? (
        <Button size="sm" variant="subtle" color="red" onClick={() => save.mutate('')}>
          {t('bank.accounts.removeToken')}
        </Button>
      ) : null}
    </Group>
  );
}

function AddAccountForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const suppliers = useQuery(activeSuppliersQuery);
  const [form, setForm] = useState({ supplier: '', account: '', bankCode: '', currency: 'EUR' });
  const add = useMutation({
    mutationFn: () =>
      addBankAccount({
        supplier_id: Number(form.supplier),
        account: form.account,
        bank_code: form.bankCode,
        currency: form.currency as 'CZK' | 'EUR',
      }),
    onSuccess: () => {
      setForm({ supplier: '', account: '', bankCode: '', currency: 'EUR' });
      notifications.show({ color: 'green', message: t('bank.accounts.added') });
      void queryClient.invalidateQueries({ queryKey: bankKey });
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <Group align="flex-end" gap="sm">
        <Select
          label={t('bank.accounts.supplier')}
          data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={form.supplier || null}
          onChange={(v) => setForm({ ...form, supplier: v ?? '' })}
          required
          w={240}
        />
        <TextInput
          label={t('bank.accounts.account')}
          value={form.account}
          onChange={(e) => setForm({ ...form, account: e.currentTarget.value })}
          required
          w={180}
        />
        <TextInput
          label={t('bank.accounts.bankCode')}
          value={form.bankCode}
          maxLength={4}
          onChange={(e) => setForm({ ...form, bankCode: e.currentTarget.value.replace(/\D/g, '') })}
          required
          w={110}
        />
        <Select
          label={t('bank.accounts.currency')}
          data={['CZK', 'EUR']}
          value={form.currency}
          onChange={(v) => setForm({ ...form, currency: v ?? 'EUR' })}
          allowDeselect={false}
          w={100}
        />
        <Button type="submit" loading={add.isPending}>
          {t('bank.accounts.add')}
        </Button>
      </Group>
      {add.isError ? (
        <Alert color="red" mt="sm">
          {t(errorKey(add.error))}
        </Alert>
      ) : null}
    </form>
  );
}

/** The owner's settings of the page: the accounts statements are read from, and their Fio tokens. */
export function BankAccountsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const accounts = useQuery(bankAccountsQuery);
  return (
    <Paper withBorder p="md" mt="lg">
      <Stack>
        <Title order={3}>{t('bank.accounts.heading')}</Title>
        <Text size="sm" c="dimmed">
          {t('bank.accounts.intro')}
        </Text>
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.accounts.supplier')}</Table.Th>
                <Table.Th>{t('bank.accounts.account')}</Table.Th>
                <Table.Th>{t('bank.accounts.currency')}</Table.Th>
                <Table.Th>{t('bank.accounts.fio')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(accounts.data?.items ?? []).map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.supplier_name}</Table.Td>
                  <Table.Td>
                    {a.account}/{a.bank_code}
                  </Table.Td>
                  <Table.Td>{a.currency}</Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Group gap="xs">
                        <Badge variant="light" color={a.has_fio_token ? 'green' : 'gray'}>
                          {a.has_fio_token ? t('bank.accounts.tokenSet') : t('bank.accounts.noToken')}
                        </Badge>
                        {a.fio_fetched_at ? (
                          <Text size="xs" c="dimmed">
                            {t('bank.accounts.lastFetch', { at: format.dateShort(a.fio_fetched_at) })}
                          </Text>
                        ) : null}
                      </Group>
                      {a.fio_error ? (
                        <Text size="xs" c="red">
                          {a.fio_error}
                        </Text>
                      ) : null}
                      <TokenForm account={a} />
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <AddAccountForm />
      </Stack>
    </Paper>
  );
}
