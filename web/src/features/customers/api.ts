import type { Customer, CustomerAdd, CustomerEdit, PhonePrefix } from '@letokruh/contracts/customers';
import type { FileItem } from '@letokruh/contracts/files';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api-client';

export const customersKey = ['customers'] as const;

/** The list filters of part 2 §7, as the user typed them (strings; empty means no filter). */
export type CustomerFilters = {
  internId: string;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  /** A warehouse id, or '' for all. */
  warehouse: string;
};
export const noCustomerFilters: CustomerFilters = {
  internId: '',
  fullName: '',
  email: '',
  phone: '',
  address: '',
  warehouse: '',
};

export type CustomerList = { items: Customer[]; total: number };
export type CustomerOrder = {
  id: number;
  intern_id: number;
  created: string;
  expected_delivery_date: string | null;
  hidden: boolean;
  done: boolean;
  warehouse: { id: number; name: string } | null;
};
export type CustomerDetail = { customer: Customer & { files: FileItem[] }; orders: CustomerOrder[] };

/** What is sent: a non-number intern id would only earn a 400, so it is left out. */
function listQuery(filters: CustomerFilters, paging: { current_page: number; per_page: number }) {
  const internId = filters.internId.trim();
  return {
    ...paging,
    internId: /^\d{1,15}$/.test(internId) && Number(internId) > 0 ? internId : undefined,
    fullName: filters.fullName.trim(),
    email: filters.email.trim(),
    phone: filters.phone.trim(),
    address: filters.address.trim(),
    warehouse: /^\d+$/.test(filters.warehouse) ? filters.warehouse : undefined,
  };
}

export const customerListQuery = (
  filters: CustomerFilters,
  paging: { current_page: number; per_page: number },
) => {
  const query = listQuery(filters, paging);
  return queryOptions({
    queryKey: [...customersKey, 'list', query],
    queryFn: ({ signal }) => api<CustomerList>('GET', '/customers', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: [...customersKey, 'item', id],
    queryFn: ({ signal }) => api<CustomerDetail>('GET', `/customer/${id}`, { signal }),
  });

export const phonePrefixesQuery = queryOptions({
  queryKey: ['phone_prefixes'],
  queryFn: ({ signal }) =>
    api<{ items: { code: PhonePrefix; country: string }[] }>('GET', '/phone_prefixes', { signal }).then(
      (a) => a.items,
    ),
  staleTime: Number.POSITIVE_INFINITY,
});

export const addCustomer = (body: CustomerAdd) =>
  api<{ item: Customer }>('POST', '/customer/add', { body }).then((a) => a.item);

export const editCustomer = (id: number, body: CustomerEdit) =>
  api<{ item: Customer }>('PUT', `/customer/${id}/edit`, { body }).then((a) => a.item);

export const toggleToContact = (id: number) =>
  api<{ item: Customer }>('PUT', `/customer/${id}/change_to_contact`).then((a) => a.item);
