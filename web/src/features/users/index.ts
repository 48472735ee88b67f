// What other features use of users besides its api.ts (decision 0059): the account page's form.
export { UserDetailsForm } from './user-form';
