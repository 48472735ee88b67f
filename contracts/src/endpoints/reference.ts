import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  adtypeAnswerSchema,
  adtypeInputSchema,
  adtypesAnswerSchema,
  supplierAnswerSchema,
  supplierInputSchema,
  suppliersAnswerSchema,
} from '../reference.ts';

/** Suppliers and ad types (domain.md §1.7) and the owner's changes to them. */
export const referenceEndpoints = {
  suppliers: endpoint('GET /suppliers', { answers: { 200: suppliersAnswerSchema } }),
  addSupplier: endpoint('POST /supplier/add', {
    body: supplierInputSchema,
    answers: { 201: supplierAnswerSchema },
  }),
  editSupplier: endpoint('PUT /supplier/:id/edit', {
    params: idParamSchema,
    body: supplierInputSchema,
    answers: { 200: supplierAnswerSchema },
  }),
  removeSupplier: endpoint('DELETE /supplier/:id/delete', {
    params: idParamSchema,
    answers: { 200: supplierAnswerSchema },
  }),
  adtypes: endpoint('GET /adtypes', { answers: { 200: adtypesAnswerSchema } }),
  addAdtype: endpoint('POST /adtype/add', {
    body: adtypeInputSchema,
    answers: { 201: adtypeAnswerSchema },
  }),
  editAdtype: endpoint('PUT /adtype/:id/edit', {
    params: idParamSchema,
    body: adtypeInputSchema,
    answers: { 200: adtypeAnswerSchema },
  }),
  removeAdtype: endpoint('DELETE /adtype/:id/delete', {
    params: idParamSchema,
    answers: { 200: adtypeAnswerSchema },
  }),
};
