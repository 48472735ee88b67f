import type { Customer } from '@letokruh/contracts/customers';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { customersEndpoints } from '@letokruh/contracts/endpoints/customers';
import type { FileItem } from '@letokruh/contracts/files';
import type { CustomerDetail } from './api';

export const prefixes: AnswerOf<typeof customersEndpoints.phonePrefixes> = {
  items: [
    { code: '+420', country: 'Česká republika' },
    { code: '+421', country: 'Slovensko' },
    { code: '+43', country: 'Rakousko' },
  ],
};

export function makeCustomer(id: number, overrides: Partial<Customer> = {}): Customer {
  return {
    id,
    intern_id: 10000 + id,
    name: 'Alžběta Zelenková',
    first_name: 'Alžběta',
    last_name: 'Zelenková',
    organization_id: '',
    organization_name: '',
    vat_id: '',
    email: 'alzbeta.zelenkova@seznam.cz',
    phone: '603123456',
    pre_phone: '+420',
    whole_phone: '+420603123456',
    address: {
      full_address: 'Lipová 12, 588 13 Polná',
      town: 'Polná',
      zip_code: '588 13',
      country: 'Česká republika',
      gps_lat: 49.4875,
      gps_lon: 15.7201,
      navigation_link: 'https://www.google.com/maps/dir/?api=1&destination=49.4875,15.7201',
    },
    to_contact: false,
    version: 3,
    ...overrides,
  };
}

export function makeFile(id: number, overrides: Partial<FileItem> = {}): FileItem {
  return {
    id,
    name: 'smlouva.pdf',
    title: 'Rámcová smlouva',
    file_type: 'Jiné',
    content_type: 'application/pdf',
    size: 24_576,
    uploaded_by: { id: 2, first_name: 'Jan', last_name: 'Novák' },
    created: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

export function makeDetail(id: number, overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return { customer: { ...makeCustomer(id), files: [] }, orders: [], ...overrides };
}
