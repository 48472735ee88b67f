import type { BankPayment } from '@letokruh/contracts/bank';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { usePhone } from '../../ui/use-phone';
import { bankKey, bankPaymentsQuery, importStatement } from './api';
import { BankAccountsSection } from './bank-accounts-section';
import { PaymentActions } from './payment-actions';

const stateColor: Record<string, string> = {
  paid: 'green',
  to_check: 'orange',
  suggested: 'blue',
  paid_twice: 'red',
  unmatched: 'gray',
  ignored: 'gray',
  outgoing: 'gray',
};

/** "Platby z banky" (domain.md §2.12): statements in, and what waits for the office. */
export function BankPaymentsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const list = useListState('bank', { view: 'open' as 'open' | 'all' }, 20);
  const allowed = access.canCall('GET /bank/payments');
  const payments = useQuery({
    ...bankPaymentsQuery({
      view: list.filters.view,
      current_page: list.current_page,
      per_page: list.per_page,
    }),
    enabled: allowed,
  });
  const [summary, setSummary] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: importStatement,
    onSuccess: (answer) => {
      setSummary(t('bank.imported', answer));
      void queryClient.invalidateQueries({ queryKey: bankKey });
    },
  });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const money = (p: BankPayment) => format.money(Number(p.amount), p.currency);
  const state = (p: BankPayment) => (
    <Stack gap={2}>
      <Badge color={stateColor[p.state]} variant="light">
        {t(`bank.states.${p.state}`)}
      </Badge>
      {p.reason ? (
        <Text size="xs" c="dimmed">
          {t(`bank.reasons.${p.reason}`)}
        </Text>
      ) : null}
      {p.difference && p.difference !== '0.00' && p.state === 'to_check' ? (
        <Text size="xs" c={p.difference.startsWith('-') ? 'red' : 'orange'}>
          {t('bank.difference', { amount: format.money(Number(p.difference), p.currency) })} (
          {t(p.difference.startsWith('-') ? 'bank.underpaid' : 'bank.overpaid')})
        </Text>
      ) : null}
    </Stack>
  );
  const orders = (p: BankPayment) => (
    <Stack gap={2}>
      {p.orders.map((o) => (
        <Text key={o.id} size="sm">
          <Anchor component={Link} to={`/order/${o.id}`}>
            {o.intern_id}
          </Anchor>{' '}
          {o.customer_name} · {format.money(Number(o.price_with_vat), o.currency ?? undefined)}
        </Text>
      ))}
    </Stack>
  );
  const counterparty = (p: BankPayment) => (
    <Stack gap={0}>
      <Text size="sm">{p.counter_name || p.counter_account || t('common.noValue')}</Text>
      {p.message ? (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {p.message}
        </Text>
      ) : null}
    </Stack>
  );
  const columns: Column<BankPayment>[] = [
    {
      key: 'booked_on',
      header: t('bank.fields.booked_on'),
      cell: (p) => format.day(p.booked_on),
      width: 110,
    },
    { key: 'amount', header: t('bank.fields.amount'), cell: (p) => <Text fw={600}>{money(p)}</Text> },
    {
      key: 'vs',
      header: t('bank.fields.variable_symbol'),
      cell: (p) => p.variable_symbol ?? t('common.noValue'),
    },
    { key: 'counterparty', header: t('bank.fields.counterparty'), cell: counterparty },
    { key: 'account', header: t('bank.fields.account'), cell: (p) => <Text size="sm">{p.account}</Text> },
    { key: 'state', header: t('bank.fields.state'), cell: state },
    { key: 'orders', header: t('bank.fields.orders'), cell: orders },
    {
      key: 'actions',
      header: t('bank.fields.actions'),
      cell: (p) => <PaymentActions payment={p} phone={false} />,
    },
  ];
  const uploadError =
    upload.error instanceof ApiError && upload.error.errorCode === 170
      ? t('bank.badFile', { at: String(upload.error.answer.at ?? ''), message: upload.error.message })
      : upload.error
        ? t(errorKey(upload.error))
        : null;

  return (
    <Stack>
      <Title order={2}>{t('bank.heading')}</Title>
      <Text size="sm" c="dimmed">
        {t('bank.intro')}
      </Text>
      <Group justify="space-between" align="flex-end">
        <FileButton
          onChange={(file) => file && upload.mutate(file)}
          accept=".gpc,.abo,.txt,.xml,text/xml,application/xml"
        >
          {(props) => (
            <Stack gap={4}>
              <Button {...props} mih={44} loading={upload.isPending}>
                {t('bank.upload')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('bank.uploadHint')}
              </Text>
            </Stack>
          )}
        </FileButton>
        <SegmentedControl
          size={phone ? 'lg' : 'sm'}
          value={list.filters.view}
          onChange={(v) => list.setFilter('view', v as 'open' | 'all')}
          data={[
            { value: 'open', label: t('bank.views.open') },
            { value: 'all', label: t('bank.views.all') },
          ]}
        />
      </Group>
      {summary ? (
        <Alert color="green" withCloseButton onClose={() => setSummary(null)} role="status">
          {summary}
        </Alert>
      ) : null}
      {uploadError ? <Alert color="red">{uploadError}</Alert> : null}
      {phone ? (
        <Stack gap="sm" aria-label={t('bank.heading')}>
          {(payments.data?.items ?? []).map((p) => (
            <Paper key={p.id} withBorder p="sm" data-testid="bank-payment">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{money(p)}</Text>
                  <Text size="sm" c="dimmed">
                    {format.day(p.booked_on)}
                  </Text>
                </Group>
                <Text size="sm">
                  {t('bank.fields.variable_symbol')}: {p.variable_symbol ?? t('common.noValue')} · {p.account}
                </Text>
                {counterparty(p)}
                {state(p)}
                {orders(p)}
                <PaymentActions payment={p} phone />
              </Stack>
            </Paper>
          ))}
          {payments.data?.items.length === 0 ? (
            <Text c="dimmed" ta="center" p="md">
              {t('common.noRecords')}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <PagedTable
          columns={columns}
          rows={payments.data?.items}
          total={payments.data?.total ?? 0}
          rowKey={(p) => p.id}
          currentPage={list.current_page}
          perPage={list.per_page}
          onPage={list.setPage}
          onPerPage={list.setPerPage}
          loading={payments.isLoading}
          error={payments.isError ? <Alert color="red">{t(errorKey(payments.error))}</Alert> : null}
          minWidth={1100}
        />
      )}
      {access.canCall('GET /bank/accounts') ? <BankAccountsSection /> : null}
    </Stack>
  );
}
