import type { CustomerAdd } from '@letokruh/contracts/customers';
import { Autocomplete, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { configQuery } from '../../lib/session';
import { AddressFinder } from '../../ui/address-finder';
import { parseCoordinate } from '../../ui/coordinates';
import { FormCard } from '../../ui/form-page';
import { LocationMap } from '../../ui/location-map';
import { phonePrefixesQuery } from './api';
import { type CustomerDraft, type DraftField, draftFieldOf } from './payloads';
import { PrefixDialog } from './prefix-dialog';
import { useCustomerDraft } from './use-customer-draft';

/** Countries offered while typing; any other may be typed. The three of domain.md §2.5 come first. */
const countries = ['Česká republika', 'Slovensko', 'Rakousko', 'Německo', 'Polsko', 'Maďarsko'];

type Props = {
  initial: CustomerDraft;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  /** An edit: an IČO or DIČ kept as `initial` has it is not checked again (decision 0037). */
  editing?: boolean;
  /** Shown beside the server's error, e.g. a reload button after a stale edit (409). */
  serverErrorAction?: ReactNode;
  /** Called with the create payload the shared schema accepted; the edit page renames its fields. */
  onSubmit: (value: CustomerAdd) => void;
  onCancel: () => void;
};

/**
 * The customer form of domain.md §2.2 (add and edit; domain.md §1's order step 1 uses the same fields):
 * names, organization, phone with prefix, e-mail, address with coordinates, and the country →
 * prefix question of domain.md §2.5.
 */
export function CustomerForm({
  initial,
  submitLabel,
  pending,
  serverError,
  serverErrorAction,
  editing = false,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const config = useQuery(configQuery);
  const prefixes = useQuery(phonePrefixesQuery);
  const form = useCustomerDraft({ initial, editing, onSubmit });
  const { draft, setDraft, set, bad, text, fieldError, problem, checkCountry, pasteCoordinates } = form;
  const serverFields =
    serverError instanceof ApiError
      ? serverError.fields.map(draftFieldOf).filter((f): f is DraftField => f !== undefined)
      : [];
  const lat = parseCoordinate(draft.lat);
  const lon = parseCoordinate(draft.lon);
  const showMap = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

  return (
    <FormCard
      onSubmit={form.submit}
      problem={
        problem ??
        (serverError ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(errorKey(serverError))}
              {serverFields.length > 0
                ? ` (${serverFields.map((f) => t(`customers.fields.${f}`)).join(', ')})`
                : ''}
            </Text>
            {serverErrorAction}
          </Stack>
        ) : null)
      }
      problemRef={form.alertRef}
      submitLabel={submitLabel}
      pending={pending}
      cancel={{ onClick: onCancel }}
    >
      <Title order={4}>{t('customers.sections.person')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('customers.fields.firstName')} autoComplete="off" {...text('firstName')} />
        <TextInput label={t('customers.fields.lastName')} autoComplete="off" {...text('lastName')} />
        <TextInput
          label={t('customers.fields.organizationId')}
          description={t('customers.optional')}
          {...text('organizationId', false)}
        />
        <TextInput
          label={t('customers.fields.organizationName')}
          description={t('customers.optional')}
          {...text('organizationName', false)}
        />
        <TextInput
          label={t('customers.fields.vatId')}
          description={t('customers.vatIdHint')}
          autoComplete="off"
          {...text('vatId', false)}
        />
      </SimpleGrid>

      <Title order={4}>{t('customers.sections.contact')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select
            label={t('customers.fields.phonePrefix')}
            required
            allowDeselect={false}
            w={110}
            value={draft.phonePrefix}
            onChange={(v) => v && set('phonePrefix', v)}
            data={(prefixes.data ?? [{ code: draft.phonePrefix, country: '' }]).map((p) => p.code)}
            error={bad('phonePrefix')}
          />
          <TextInput
            label={t('customers.fields.phone')}
            type="tel"
            inputMode="tel"
            style={{ flex: 1 }}
            {...text('phone')}
          />
        </Group>
        <TextInput label={t('customers.fields.email')} type="email" {...text('email', false)} />
      </SimpleGrid>

      <Title order={4}>{t('customers.sections.address')}</Title>
      {config.data?.address_suggestions ? (
        <AddressFinder
          label={t('customers.finder')}
          description={t('customers.finderHint')}
          onPick={(s) => {
            setDraft((d) => ({
              ...d,
              address: s.address,
              town: s.town,
              zip: s.zip,
              country: s.country || d.country,
              lat: String(s.lat),
              lon: String(s.lon),
            }));
            if (s.country) checkCountry(s.country);
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('customers.coordinatesByHand')}
        </Text>
      )}
      <TextInput
        label={t('customers.fields.address')}
        description={t('customers.addressHint')}
        {...text('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('customers.fields.town')} {...text('town')} />
        <TextInput label={t('customers.fields.zip')} {...text('zip')} />
        <Autocomplete
          label={t('customers.fields.country')}
          required
          value={draft.country}
          onChange={(v) => set('country', v)}
          onOptionSubmit={checkCountry}
          onBlur={(e) => checkCountry(e.currentTarget.value)}
          data={countries}
          error={bad('country') ? fieldError('country') : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('customers.fields.lat')}
          description={t('customers.latHint')}
          inputMode="decimal"
          onPaste={pasteCoordinates}
          {...text('lat')}
        />
        <TextInput
          label={t('customers.fields.lon')}
          description={t('customers.lonHint')}
          inputMode="decimal"
          onPaste={pasteCoordinates}
          {...text('lon')}
        />
      </SimpleGrid>
      {showMap ? <LocationMap lat={lat} lon={lon} height={220} label={draft.address} /> : null}

      <PrefixDialog
        country={draft.country}
        current={draft.phonePrefix}
        suggested={form.askPrefix}
        onKeep={() => form.setAskPrefix(null)}
        onSwitch={(prefix) => {
          set('phonePrefix', prefix);
          form.setAskPrefix(null);
        }}
      />
    </FormCard>
  );
}
