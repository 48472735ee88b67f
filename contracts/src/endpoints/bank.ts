import {
  bankAccountBodySchema,
  bankAccountSchema,
  bankAccountsAnswerSchema,
  bankAssignBodySchema,
  bankIgnoreBodySchema,
  bankImportAnswerSchema,
  bankPaymentAnswerSchema,
  bankPaymentsAnswerSchema,
  bankPaymentsQuerySchema,
  fioTokenBodySchema,
} from '../bank.ts';
import { idParamSchema, okAnswerSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

/** "Platby z banky" (domain.md §2.12): statements in, payments matched to orders. */
export const bankEndpoints = {
  payments: endpoint('GET /bank/payments', {
    query: bankPaymentsQuerySchema,
    answers: { 200: bankPaymentsAnswerSchema },
  }),
  importStatement: endpoint('POST /bank/statement', {
    upload: true,
    answers: { 200: bankImportAnswerSchema },
  }),
  confirm: endpoint('POST /bank/payment/:id/confirm', {
    params: idParamSchema,
    answers: { 200: bankPaymentAnswerSchema },
  }),
  assign: endpoint('POST /bank/payment/:id/assign', {
    params: idParamSchema,
    body: bankAssignBodySchema,
    answers: { 200: bankPaymentAnswerSchema },
  }),
  ignore: endpoint('POST /bank/payment/:id/ignore', {
    params: idParamSchema,
    body: bankIgnoreBodySchema,
    answers: { 200: bankPaymentAnswerSchema },
  }),
  undo: endpoint('POST /bank/payment/:id/undo', {
    params: idParamSchema,
    answers: { 200: bankPaymentAnswerSchema },
  }),
  accounts: endpoint('GET /bank/accounts', { answers: { 200: bankAccountsAnswerSchema } }),
  addAccount: endpoint('POST /bank/account/add', {
    body: bankAccountBodySchema,
    answers: { 201: bankAccountSchema },
  }),
  setFioToken: endpoint('PUT /bank/account/:id/fio_token', {
    params: idParamSchema,
    body: fioTokenBodySchema,
    answers: { 200: okAnswerSchema },
  }),
};
