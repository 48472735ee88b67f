import type { Customer } from '@letokruh/contracts/customers';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { type CustomerDetail, customerQuery, customersKey, toggleToContact } from './api';

/** domain.md §2.2, §2.4: the dispatcher flips the to-contact flag (the server flips it in place). */
export function ToContactToggle({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => toggleToContact(customer.id),
    onSuccess: (next) => {
      queryClient.setQueryData<CustomerDetail>(customerQuery(customer.id).queryKey, (old) =>
        old ? { ...old, customer: { ...old.customer, ...next } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...customersKey, 'list'] });
      notifications.show({
        color: 'green',
        message: t(next.to_contact ? 'customers.toContactOn' : 'customers.toContactOff'),
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  return (
    <Switch
      label={t('customers.toContactSwitch')}
      checked={customer.to_contact}
      disabled={toggle.isPending}
      onChange={() => toggle.mutate()}
    />
  );
}
