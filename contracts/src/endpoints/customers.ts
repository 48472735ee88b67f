import { idParamSchema } from '../common.ts';
import {
  customerAddSchema,
  customerAnswerSchema,
  customerDetailAnswerSchema,
  customerEditSchema,
  customerListAnswerSchema,
  customerListQuerySchema,
  customerMayExistAnswerSchema,
  phonePrefixesAnswerSchema,
} from '../customers.ts';
import { endpoint } from '../endpoint.ts';
import { fileEndpoints } from '../files.ts';

/** Customers, their files and the phone prefixes (domain.md §2.7). */
export const customersEndpoints = {
  list: endpoint('GET /customers', {
    query: customerListQuerySchema,
    answers: { 200: customerListAnswerSchema },
  }),
  add: endpoint('POST /customer/add', {
    body: customerAddSchema,
    answers: { 201: customerAnswerSchema, 409: customerMayExistAnswerSchema },
  }),
  detail: endpoint('GET /customer/:id', {
    params: idParamSchema,
    answers: { 200: customerDetailAnswerSchema },
  }),
  edit: endpoint('PUT /customer/:id/edit', {
    params: idParamSchema,
    body: customerEditSchema,
    answers: { 200: customerAnswerSchema },
  }),
  toggleToContact: endpoint('PUT /customer/:id/change_to_contact', {
    params: idParamSchema,
    answers: { 200: customerAnswerSchema },
  }),
  ...fileEndpoints('customer'),
  phonePrefixes: endpoint('GET /phone_prefixes', { answers: { 200: phonePrefixesAnswerSchema } }),
};
