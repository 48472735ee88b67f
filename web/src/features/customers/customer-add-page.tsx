import type { CustomerAdd } from '@letokruh/contracts/customers';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../lib/session';
import { FormPage } from '../../ui/form-page';
import { addCustomer, customersKey } from './api';
import { CustomerForm } from './customer-form';
import { customerMatchesOf, DuplicateCustomerDialog } from './duplicate-dialog';
import { emptyCustomerDraft } from './payloads';

/** domain.md §2.2 AddCustomer: the create payload (camelCase); afterwards the list (domain.md's default). */
export function CustomerAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  // The dialog of a likely duplicate (decision 0025) stays closed once the user went back to the form.
  const [dismissed, setDismissed] = useState(false);
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
  const matches = dismissed ? null : customerMatchesOf(add.error);
  const send = (body: CustomerAdd) => {
    setDismissed(false);
    add.mutate(body);
  };
  if (!access.user) return null;
  if (!access.canCall('POST /customer/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <FormPage
      back={{ to: '/customers', label: t('customers.backToList') }}
      title={t('customers.addHeading')}
      maw={900}
    >
      <CustomerForm
        initial={emptyCustomerDraft}
        submitLabel={t('customers.create')}
        pending={add.isPending}
        serverError={customerMatchesOf(add.error) ? null : add.error}
        onSubmit={send}
        onCancel={() => void navigate('/customers')}
      />
      <DuplicateCustomerDialog
        matches={matches}
        useLabel={t('customers.duplicate.useExisting')}
        pending={add.isPending}
        onUse={(match) => void navigate(`/customer/${match.id}`)}
        onCreateAnyway={() => add.variables && send({ ...add.variables, allow_duplicate: true })}
        onCancel={() => setDismissed(true)}
      />
    </FormPage>
  );
}
