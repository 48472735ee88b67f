import type { CustomerAdd, CustomerEdit } from '@letokruh/contracts/customers';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { customersEndpoints as e } from '../../lib/routes';

export const customersKey = ['customers'] as const;

/** The list filters of domain.md §2.7, as the user typed them (strings; empty means no filter). */
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

export type CustomerDetail = AnswerOf<typeof e.detail>;

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
    queryFn: ({ signal }) => call(e.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: [...customersKey, 'item', id],
    queryFn: ({ signal }) => call(e.detail, { params: { id }, signal }),
  });

export const phonePrefixesQuery = queryOptions({
  queryKey: ['phone_prefixes'],
  queryFn: ({ signal }) => call(e.phonePrefixes, { signal }).then((a) => a.items),
  staleTime: Number.POSITIVE_INFINITY,
});

export const addCustomer = (body: CustomerAdd) => call(e.add, { body }).then((a) => a.item);

export const editCustomer = (id: number, body: CustomerEdit) =>
  call(e.edit, { params: { id }, body }).then((a) => a.item);

export const toggleToContact = (id: number) =>
  call(e.toggleToContact, { params: { id } }).then((a) => a.item);
