import type { CustomerAdd } from '@letokruh/contracts/customers';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAccess } from '../../app/session';
import { addCustomer, customersKey } from './api';
import { CustomerForm } from './customer-form';
import { emptyCustomerDraft } from './payloads';

/** part 2 §2 AddCustomer: the create payload (camelCase); afterwards the list (the spec's default). */
export function CustomerAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const add = useMutation({
    mutationFn: (body: CustomerAdd) => addCustomer(body),
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: customersKey });
      notifications.show({
        color: 'green',
        message: t('customers.added', { name: customer.name, internId: customer.intern_id }),
      });
      void navigate('/customers');
    },
  });
  if (!access.user) return null;
  if (!access.canCall('POST /customer/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/customers" size="sm">
        {t('customers.backToList')}
      </Anchor>
      <Title order={2}>{t('customers.addHeading')}</Title>
      <CustomerForm
        initial={emptyCustomerDraft}
        submitLabel={t('customers.create')}
        pending={add.isPending}
        serverError={add.error}
        onSubmit={(body) => add.mutate(body)}
        onCancel={() => void navigate('/customers')}
      />
    </Stack>
  );
}
