import {
  type Customer,
  type CustomerAdd,
  type CustomerEdit,
  customerAddFieldsSchema,
  customerPhone,
  defaultPhonePrefix,
  type PhonePrefix,
} from '@letokruh/contracts/customers';
import { companyIdIssues } from '@letokruh/contracts/rules/czech-id';
import { parseCoordinate } from '../../ui/coordinates';

/** The customer form as typed: every field a string, coordinates included. */
export type CustomerDraft = {
  firstName: string;
  lastName: string;
  organizationId: string;
  organizationName: string;
  vatId: string;
  phonePrefix: PhonePrefix;
  phone: string;
  email: string;
  address: string;
  town: string;
  zip: string;
  country: string;
  lat: string;
  lon: string;
};
export type DraftField = keyof CustomerDraft;

export const defaultCountry = 'Česká republika';

export const emptyCustomerDraft: CustomerDraft = {
  firstName: '',
  lastName: '',
  organizationId: '',
  organizationName: '',
  vatId: '',
  phonePrefix: defaultPhonePrefix,
  phone: '',
  email: '',
  address: '',
  town: '',
  zip: '',
  country: defaultCountry,
  lat: '',
  lon: '',
};

/** domain.md §2.5: everything but the organization and the e-mail is required. */
export const requiredFields: DraftField[] = [
  'firstName',
  'lastName',
  'phonePrefix',
  'phone',
  'address',
  'town',
  'zip',
  'country',
  'lat',
  'lon',
];

export const missingFields = (draft: CustomerDraft): DraftField[] =>
  requiredFields.filter((key) => draft[key].trim() === '');

const coordinateText = (value: number) => String(value);

export function draftOf(customer: Customer): CustomerDraft {
  return {
    firstName: customer.first_name,
    lastName: customer.last_name,
    organizationId: customer.organization_id,
    organizationName: customer.organization_name,
    vatId: customer.vat_id,
    phonePrefix: customer.pre_phone,
    phone: customer.phone,
    email: customer.email,
    address: customer.address.full_address,
    town: customer.address.town,
    zip: customer.address.zip_code,
    country: customer.address.country,
    lat: coordinateText(customer.address.gps_lat),
    lon: coordinateText(customer.address.gps_lon),
  };
}

/**
 * The draft checked by the create schema of contracts (the server checks the same one): the
 * create payload, or the form fields that are wrong with the problem each has (a key of
 * `companyIds` for the IČO and DIČ, the schema's message otherwise). With `stored` (an edit), an
 * unchanged IČO or DIČ is not checked again, as the server does (decision 0037).
 */
export function parseDraft(
  draft: CustomerDraft,
  stored?: CustomerDraft,
):
  | { ok: true; value: CustomerAdd }
  | { ok: false; fields: DraftField[]; problems: Partial<Record<DraftField, string>> } {
  const lat = parseCoordinate(draft.lat);
  const lon = parseCoordinate(draft.lon);
  const parsed = customerAddFieldsSchema.safeParse({
    ...draft,
    lat: lat ?? Number.NaN,
    lon: lon ?? Number.NaN,
  });
  const problems: Partial<Record<DraftField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[String(issue.path[0]) as DraftField] ??= issue.message;
  } else {
    const previous =
      stored && customerAddFieldsSchema.pick({ organizationId: true, vatId: true }).parse(stored);
    for (const issue of companyIdIssues(parsed.data, previous && { ...previous, country: stored.country })) {
      problems[issue.field] ??= issue.problem;
    }
  }
  // The server's phone rule (E.164 under an offered prefix), checked here first: the field turns red
  // before the round trip, and the payload carries the number as it will be stored.
  const phone = customerPhone(draft.phonePrefix, draft.phone);
  if (!phone && draft.phone.trim() !== '') problems.phone ??= 'a phone number';
  const fields = Object.keys(problems) as DraftField[];
  if (parsed.success && phone && fields.length === 0) {
    return { ok: true, value: { ...parsed.data, phonePrefix: phone.prePhone, phone: phone.phone } };
  }
  return { ok: false, fields, problems };
}

/** domain.md §2.3: the edit payload names the same fields differently (snake_case, `final_address`). */
export function toEditPayload(value: CustomerAdd, version?: number): CustomerEdit {
  return {
    first_name: value.firstName,
    last_name: value.lastName,
    organization_id: value.organizationId,
    organization_name: value.organizationName,
    vat_id: value.vatId,
    pre_phone: value.phonePrefix,
    phone: value.phone,
    email: value.email,
    final_address: value.address,
    town: value.town,
    zip: value.zip,
    country: value.country,
    lat: value.lat,
    lon: value.lon,
    ...(version === undefined ? {} : { version }),
  };
}

/** A field the server named in a 400, as the form calls it (create and edit names both). */
const editToDraft: Record<string, DraftField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  organization_id: 'organizationId',
  organization_name: 'organizationName',
  vat_id: 'vatId',
  pre_phone: 'phonePrefix',
  final_address: 'address',
};

export const draftFieldOf = (serverField: string): DraftField | undefined => {
  const name = serverField.split('.')[0] ?? '';
  if (Object.hasOwn(editToDraft, name)) return editToDraft[name];
  return Object.hasOwn(emptyCustomerDraft, name) ? (name as DraftField) : undefined;
};
