import { type Supplier, type SupplierInput, supplierInputSchema } from '@letokruh/contracts/reference';
import { czechIban, groupIban } from '@letokruh/contracts/rules/bank-account';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../app/api-client';

type Props = {
  initial?: Supplier;
  pending: boolean;
  serverError: unknown;
  onSubmit: (body: SupplierInput) => void;
  onCancel: () => void;
};

type Field = 'name' | 'bank_account' | 'bank_code';

/**
 * Name, Czech account number ([prefix-]number) and bank code. The check digits are tested as
 * the server tests them (contracts), and the IBAN is shown as soon as the account is valid.
 */
export function SupplierForm({ initial, pending, serverError, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<Field, string>>({
    name: initial?.name ?? '',
    bank_account: initial?.bank_account ?? '',
    bank_code: initial?.bank_code ?? '',
  });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const serverFields = serverError instanceof ApiError ? (serverError.fields as Field[]) : [];
  const marked = (field: Field) => invalid.includes(field) || serverFields.includes(field);
  const iban = czechIban(draft.bank_account, draft.bank_code);
  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = (Object.keys(draft) as Field[]).filter((f) => draft[f].trim() === '');
    if (missing.length > 0) {
      setInvalid(missing);
      return setProblem(t('errors.missingFields'));
    }
    const parsed = supplierInputSchema.safeParse(draft);
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((i) => i.path[0] as Field));
      return setProblem(null);
    }
    setInvalid([]);
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
        <TextInput
          label={t('suppliers.fields.name')}
          required
          value={draft.name}
          onChange={set('name')}
          error={marked('name')}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('suppliers.fields.bankAccount')}
            description={t('suppliers.accountHint')}
            required
            value={draft.bank_account}
            onChange={set('bank_account')}
            error={marked('bank_account') ? t('suppliers.badAccount') : false}
            inputMode="numeric"
          />
          <TextInput
            label={t('suppliers.fields.bankCode')}
            description={t('suppliers.bankCodeHint')}
            required
            value={draft.bank_code}
            onChange={set('bank_code')}
            error={marked('bank_code') ? t('suppliers.badBankCode') : false}
            inputMode="numeric"
            maxLength={4}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('suppliers.fields.iban')}: {iban ? groupIban(iban) : t('common.noValue')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {initial ? t('suppliers.save') : t('suppliers.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
