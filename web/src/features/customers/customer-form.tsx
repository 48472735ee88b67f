import { type CustomerAdd, type PhonePrefix, prefixForCountry } from '@letokruh/contracts/customers';
import { Autocomplete, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ClipboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { configQuery } from '../../lib/session';
import { AddressFinder } from '../../ui/address-finder';
import { parseCoordinate, parseCoordinatePair } from '../../ui/coordinates';
import { FormCard } from '../../ui/form-page';
import { LocationMap } from '../../ui/location-map';
import { ModalFooter } from '../../ui/modal-footer';
import { phonePrefixesQuery } from './api';
import { type CustomerDraft, type DraftField, draftFieldOf, missingFields, parseDraft } from './payloads';

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
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<CustomerDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [badFields, setBadFields] = useState<DraftField[]>([]);
  // Why a field was refused, when the schema named it: a key of `companyIds` for IČO and DIČ.
  const [problems, setProblems] = useState<Partial<Record<DraftField, string>>>({});
  const [askPrefix, setAskPrefix] = useState<PhonePrefix | null>(null);
  // The country last offered a prefix for: leaving the field again does not ask twice.
  const checkedCountry = useRef(initial.country);
  const config = useQuery(configQuery);
  const prefixes = useQuery(phonePrefixesQuery);

  const set = (key: DraftField, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field the user corrects stops being outlined; the alert stays until the next attempt.
    setBadFields((fields) => (fields.includes(key) ? fields.filter((f) => f !== key) : fields));
  };
  const bad = (key: DraftField) => badFields.includes(key);
  const text = (key: DraftField, required = true) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: bad(key) ? fieldError(key) : undefined,
    required,
  });
  /** A missing field is only outlined (the alert says it all); a wrong one says what is wrong. */
  const fieldError = (key: DraftField) => {
    if (draft[key].trim() === '') return true;
    const problem = problems[key];
    if (problem && i18n.exists(`companyIds.${problem}`)) return t(`companyIds.${problem}`);
    return t(`customers.invalid.${key}`, { defaultValue: t('customers.invalid.other') });
  };

  /** domain.md §2.5: Austria, Czechia or Slovakia offers their prefix by a confirm dialog. */
  const checkCountry = (country: string) => {
    if (country.trim() === checkedCountry.current.trim()) return;
    checkedCountry.current = country;
    const suggested = prefixForCountry(country);
    if (suggested && suggested !== draft.phonePrefix) setAskPrefix(suggested);
  };

  const pasteCoordinates = (event: ClipboardEvent<HTMLInputElement>) => {
    const pair = parseCoordinatePair(
      event.clipboardData.getData('text/plain') || event.clipboardData.getData('text'),
    );
    if (!pair) return;
    event.preventDefault();
    setDraft((d) => ({ ...d, lat: String(pair.lat), lon: String(pair.lon) }));
  };

  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The submit button is at the bottom of a long form: bring the alert into sight.
    if (problem) alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [problem]);

  const submit = () => {
    const missing = missingFields(draft);
    if (missing.length > 0) {
      setBadFields(missing);
      return setProblem(t('errors.missingFields'));
    }
    const parsed = parseDraft(draft, editing ? initial : undefined);
    if (!parsed.ok) {
      setBadFields(parsed.fields);
      setProblems(parsed.problems);
      return setProblem(t('customers.checkFields'));
    }
    setBadFields([]);
    setProblem(null);
    onSubmit(parsed.value);
  };

  const serverFields =
    serverError instanceof ApiError
      ? serverError.fields.map(draftFieldOf).filter((f): f is DraftField => f !== undefined)
      : [];
  const lat = parseCoordinate(draft.lat);
  const lon = parseCoordinate(draft.lon);
  const showMap = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

  return (
    <FormCard
      onSubmit={submit}
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
      problemRef={alertRef}
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

      <Modal
        opened={askPrefix !== null}
        onClose={() => setAskPrefix(null)}
        title={t('customers.prefixTitle')}
        centered
      >
        <Text mb="lg">
          {t('customers.prefixQuestion', { country: draft.country, prefix: askPrefix ?? '' })}
        </Text>
        <ModalFooter
          onCancel={() => setAskPrefix(null)}
          cancelLabel={t('customers.prefixKeep', { prefix: draft.phonePrefix })}
          confirmLabel={t('customers.prefixSwitch', { prefix: askPrefix ?? '' })}
          onConfirm={() => {
            if (askPrefix) set('phonePrefix', askPrefix);
            setAskPrefix(null);
          }}
        />
      </Modal>
    </FormCard>
  );
}
