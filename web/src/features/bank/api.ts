import type { BankAccountBody, BankPaymentsQuery } from '@letokruh/contracts/bank';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { bankEndpoints as e } from '../../lib/routes';

/** The calls of "Platby z banky" (domain.md §2.12). */
export const bankKey = ['bank'] as const;

export const bankPaymentsQuery = (query: Partial<BankPaymentsQuery>) =>
  queryOptions({
    queryKey: [...bankKey, 'payments', query],
    queryFn: ({ signal }) => call(e.payments, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const bankAccountsQuery = queryOptions({
  queryKey: [...bankKey, 'accounts'],
  queryFn: ({ signal }) => call(e.accounts, { signal }),
});

export function importStatement(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(e.importStatement, { form });
}

export const confirmPayment = (id: number) => call(e.confirm, { params: { id } });
export const assignPayment = (id: number, order_number: string) =>
  call(e.assign, { params: { id }, body: { order_number } });
export const ignorePayment = (id: number, reason: string) =>
  call(e.ignore, { params: { id }, body: { reason } });
export const undoPayment = (id: number) => call(e.undo, { params: { id } });
export const addBankAccount = (body: BankAccountBody) => call(e.addAccount, { body });
export const setFioToken = (id: number, token: string) =>
  call(e.setFioToken, { params: { id }, body: { token } });
