// What other features use of customers besides its api.ts (decision 0059: a feature's public surface).
export { CustomerForm } from './customer-form';
export { customerMatchesOf, DuplicateCustomerDialog } from './duplicate-dialog';
export { emptyCustomerDraft } from './payloads';
