import { idParamSchema } from '../common.ts';
import {
  conversionAnswerSchema,
  conversionOptionsAnswerSchema,
  conversionQuerySchema,
  conversionSubmitSchema,
} from '../conversions.ts';
import { endpoint } from '../endpoint.ts';

/** The conversion calculator of a warehouse (domain.md §2.2, §2.7; §3.3). */
export const conversionsEndpoints = {
  options: endpoint('GET /warehouse/:id/product_conversions', {
    params: idParamSchema,
    query: conversionQuerySchema,
    answers: { 200: conversionOptionsAnswerSchema },
  }),
  submit: endpoint('PUT /warehouse/:id/product_conversion/submit', {
    params: idParamSchema,
    body: conversionSubmitSchema,
    answers: { 200: conversionAnswerSchema },
  }),
};
