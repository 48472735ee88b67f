import { type Supplier, type SupplierInput, supplierInputSchema } from '@letokruh/contracts/reference';
import { czechIban, groupIban } from '@letokruh/contracts/rules/bank-account';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { Alert, Checkbox, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { ModalFooter } from '../../ui/modal-footer';

type Props = {
  initial?: Supplier;
  pending: boolean;
  serverError: unknown;
  onSubmit: (body: SupplierInput) => void;
  onCancel: () => void;
};

type TextField =
  | 'name'
  | 'full_address'
  | 'town'
  | 'zip_code'
  | 'ico'
  | 'dic'
  | 'register_entry'
  | 'email'
  | 'phone'
  | 'bank_account'
  | 'bank_code';
type Field = TextField | 'vat_payer';

/** What a document cannot do without (decision 0037): the rest may stay empty. */
const requiredFields: TextField[] = [
  'name',
  'full_address',
  'town',
  'zip_code',
  'ico',
  'bank_account',
  'bank_code',
];

const draftOf = (s?: Supplier): Record<TextField, string> => ({
  name: s?.name ?? '',
  full_address: s?.full_address ?? '',
  town: s?.town ?? '',
  zip_code: s?.zip_code ?? '',
  ico: s?.ico ?? '',
  dic: s?.dic ?? '',
  register_entry: s?.register_entry ?? '',
  email: s?.email ?? '',
  // Shown as people write it; the schema stores it in E.164 again.
  phone: s?.phone ? formatPhone(s.phone) : '',
  bank_account: s?.bank_account ?? '',
  bank_code: s?.bank_code ?? '',
});

/**
 * The supplier as a Czech document names it (decision 0037): company identity (address, IČO, DIČ,
 * VAT payer, register entry), contacts, and the Czech account ([prefix-]number, bank code) of QR
 * payments. Everything is checked by the schema the server uses (contracts), each field with its
 * own message; the IBAN is shown as soon as the account is valid.
 */
export function SupplierForm({ initial, pending, serverError, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [vatPayer, setVatPayer] = useState(initial?.vat_payer ?? false);
  const [invalid, setInvalid] = useState<Partial<Record<Field, string | true>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const serverFields = serverError instanceof ApiError ? (serverError.fields as Field[]) : [];
  const iban = czechIban(draft.bank_account, draft.bank_code);
  const set = (field: TextField) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
    setInvalid(({ [field]: _fixed, ...rest }) => rest);
  };

  /** The message of a field: its own problem, a generic one for the bank fields, or just a mark. */
  const errorOf = (field: Field): string | boolean => {
    const mark = invalid[field] ?? (serverFields.includes(field) ? true : undefined);
    if (mark === undefined) return false;
    if (field === 'bank_account') return t('suppliers.badAccount');
    if (field === 'bank_code') return t('suppliers.badBankCode');
    if (field === 'email') return t('companyIds.email');
    return typeof mark === 'string'
      ? t(`companyIds.${mark}`, { defaultValue: t('customers.invalid.other') })
      : true;
  };
  const input = (field: TextField) => ({
    value: draft[field],
    onChange: set(field),
    error: errorOf(field),
    required: requiredFields.includes(field),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredFields.filter((f) => draft[f].trim() === '');
    if (missing.length > 0) {
      setInvalid(Object.fromEntries(missing.map((f) => [f, true])));
      return setProblem(t('errors.missingFields'));
    }
    const parsed = supplierInputSchema.safeParse({ ...draft, country: 'CZ', vat_payer: vatPayer });
    if (!parsed.success) {
      const marks: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) marks[issue.path[0] as Field] ??= issue.message;
      setInvalid(marks);
      return setProblem(null);
    }
    setInvalid({});
    setProblem(null);
    onSubmit(parsed.data);
  };
  const serverText = serverError ? t(errorKey(serverError)) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {problem || serverText ? (
          <Alert color="red" role="alert">
            {problem ?? serverText}
          </Alert>
        ) : null}
        <Title order={5}>{t('suppliers.identity')}</Title>
        <TextInput label={t('suppliers.fields.name')} {...input('name')} data-autofocus />
        <TextInput label={t('suppliers.fields.fullAddress')} {...input('full_address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('suppliers.fields.town')} {...input('town')} />
          <TextInput label={t('suppliers.fields.zipCode')} inputMode="numeric" {...input('zip_code')} />
          <TextInput label={t('suppliers.fields.ico')} inputMode="numeric" maxLength={12} {...input('ico')} />
          <TextInput
            label={t('suppliers.fields.dic')}
            description={t('suppliers.dicHint')}
            maxLength={16}
            {...input('dic')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('suppliers.fields.vatPayer')}
          checked={vatPayer}
          onChange={(e) => {
            setVatPayer(e.currentTarget.checked);
            setInvalid(({ dic: _dic, ...rest }) => rest);
          }}
        />
        <TextInput
          label={t('suppliers.fields.registerEntry')}
          description={t('suppliers.registerEntryHint')}
          {...input('register_entry')}
        />
        <Title order={5}>{t('suppliers.contact')}</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('suppliers.fields.email')} type="email" {...input('email')} />
          <TextInput
            label={t('suppliers.fields.phone')}
            description={t('suppliers.phoneHint')}
            type="tel"
            inputMode="tel"
            {...input('phone')}
          />
        </SimpleGrid>
        <Title order={5}>{t('suppliers.bank')}</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('suppliers.fields.bankAccount')}
            description={t('suppliers.accountHint')}
            inputMode="numeric"
            {...input('bank_account')}
          />
          <TextInput
            label={t('suppliers.fields.bankCode')}
            description={t('suppliers.bankCodeHint')}
            inputMode="numeric"
            maxLength={4}
            {...input('bank_code')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('suppliers.fields.iban')}: {iban ? groupIban(iban) : t('common.noValue')}
        </Text>
        <ModalFooter
          onCancel={onCancel}
          confirmLabel={initial ? t('suppliers.save') : t('suppliers.create')}
          pending={pending}
        />
      </Stack>
    </form>
  );
}
