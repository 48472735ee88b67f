import type { CustomerEdit } from '@letokruh/contracts/customers';
import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { FormPage } from '../../ui/form-page';
import { QueryState } from '../../ui/query-state';
import { customersKey, editCustomer } from './api';
import { CustomerForm } from './customer-form';
import { draftOf, toEditPayload } from './payloads';
import { useCustomerOfRoute } from './use-customer';

/** domain.md §2.2: the same fields as adding, sent as the edit payload (snake_case) with the version. */
export function CustomerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const allowed = access.canCall('PUT /customer/:id/edit');
  const { id, query, missing } = useCustomerOfRoute(allowed);
  const edit = useMutation({
    mutationFn: (body: CustomerEdit) => editCustomer(id, body),
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: customersKey });
      notifications.show({ color: 'green', message: t('customers.saved', { name: customer.name }) });
      void navigate(`/customer/${id}`);
    },
  });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (query.error || !query.data) return <QueryState error={query.error} />;
  const { customer } = query.data;
  const stale = edit.error instanceof ApiError && edit.error.status === 409;
  return (
    <FormPage
      back={{ to: `/customer/${id}`, label: t('customers.backToDetail') }}
      title={t('customers.editHeading', { name: customer.name })}
      maw={900}
    >
      <CustomerForm
        // A reloaded record starts the form again from what is stored.
        key={customer.version}
        initial={draftOf(customer)}
        editing
        submitLabel={t('common.save')}
        pending={edit.isPending}
        serverError={edit.error}
        serverErrorAction={
          stale ? (
            <Button
              size="compact-sm"
              variant="white"
              color="red"
              onClick={() => {
                edit.reset();
                void query.refetch();
              }}
            >
              {t('customers.reload')}
            </Button>
          ) : null
        }
        onSubmit={(value) => edit.mutate(toEditPayload(value, customer.version))}
        onCancel={() => void navigate(`/customer/${id}`)}
      />
    </FormPage>
  );
}
