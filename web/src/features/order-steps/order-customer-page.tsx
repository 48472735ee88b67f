import type { Customer, CustomerAdd } from '@letokruh/contracts/customers';
import type { Order } from '@letokruh/contracts/orders';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { CustomerForm, customerMatchesOf, DuplicateCustomerDialog, emptyCustomerDraft } from '../customers';
import { ordersKey, saveCustomer } from './api';
import { CustomerSummary, FindCustomerPanel } from './find-customer-panel';
import { isStale, StaleAlert, StepShell } from './step-shell';

/** /order/{id}/customer (domain.md §1.2 step 1). */
export function OrderCustomerPage() {
  return (
    <StepShell step="customer">
      {(order, reload) => <CustomerStep key={order.version} order={order} reload={reload} />}
    </StepShell>
  );
}

function CustomerStep({ order, reload }: { order: Order; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useAccess();
  // Editing: the order's customer is the one chosen until another is picked.
  const [selected, setSelected] = useState<Customer | null>(order.customer);
  const save = useMutation({
    mutationFn: (body: { id_found: number } | CustomerAdd) => saveCustomer(order.id, body, order.version),
    onSuccess: (saved) => {
      queryClient.setQueryData([...ordersKey, 'item', order.id], saved);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void navigate(`/order/${order.id}/items`);
    },
  });
  const stale = isStale(save.error);
  // Decision 0025: a new customer like an existing one; "use the existing one" picks it for the order.
  const [dismissed, setDismissed] = useState(false);
  const matches = dismissed ? null : customerMatchesOf(save.error);
  const send = (body: { id_found: number } | CustomerAdd) => {
    setDismissed(false);
    save.mutate(body);
  };
  const reloadPage = () => void reload().then(() => save.reset());

  const proceed = () => {
    if (!selected) return;
    // The same customer again changes nothing: no save, no new version.
    if (selected.id === order.customer?.id) return void navigate(`/order/${order.id}/items`);
    send({ id_found: selected.id });
  };

  return (
    <Stack>
      {stale ? <StaleAlert onReload={reloadPage} /> : null}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, lg: 1 }}>
          <Stack gap="xs">
            <Title order={3}>{t('orderSteps.customer.addHeading')}</Title>
            {can('add_customer') ? (
              <CustomerForm
                initial={emptyCustomerDraft}
                submitLabel={t('orderSteps.customer.createAndContinue')}
                pending={save.isPending && !('id_found' in (save.variables ?? {}))}
                serverError={
                  stale || customerMatchesOf(save.error)
                    ? null
                    : save.variables && 'id_found' in save.variables
                      ? null
                      : save.error
                }
                onSubmit={send}
                onCancel={() => void navigate('/orders')}
              />
            ) : (
              <Text c="dimmed">{t('orderSteps.customer.cannotAdd')}</Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, lg: 2 }}>
          <Stack>
            <FindCustomerPanel selected={selected} onSelect={setSelected} />
            <Paper withBorder p="md" bg={selected ? 'var(--mantine-color-green-light)' : undefined}>
              <Stack gap="sm">
                <Title order={5}>{t('orderSteps.customer.chosen')}</Title>
                {selected ? (
                  <CustomerSummary customer={selected} />
                ) : (
                  <Text c="dimmed" size="sm">
                    {t('orderSteps.customer.noneChosen')}
                  </Text>
                )}
                {save.error && !stale && save.variables && 'id_found' in save.variables ? (
                  <Alert color="red" role="alert">
                    {t(errorKey(save.error))}
                  </Alert>
                ) : null}
                <Group>
                  <Button
                    onClick={proceed}
                    disabled={!selected || order.hidden}
                    loading={save.isPending && save.variables !== undefined && 'id_found' in save.variables}
                  >
                    {t('orderSteps.continue')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <DuplicateCustomerDialog
        matches={matches}
        useLabel={t('customers.duplicate.useExisting')}
        pending={save.isPending}
        onUse={(match) => send({ id_found: match.id })}
        onCreateAnyway={() =>
          save.variables &&
          !('id_found' in save.variables) &&
          send({ ...save.variables, allow_duplicate: true })
        }
        onCancel={() => setDismissed(true)}
      />
    </Stack>
  );
}
