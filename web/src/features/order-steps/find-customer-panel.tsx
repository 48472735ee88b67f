import type { Customer } from '@letokruh/contracts/customers';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { Alert, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { type CustomerSearch, customerSearchQuery } from './api';

/** Typing pauses this long before the search is sent. */
export const searchDebounceMs = 300;

const noSearch: CustomerSearch = { phone: '', first_name: '', last_name: '' };

type Props = {
  selected: Customer | null;
  onSelect: (customer: Customer | null) => void;
};

export function CustomerSummary({ customer }: { customer: Customer }) {
  return (
    <Stack gap={0}>
      <Text fw={600}>
        {customer.name}
        {customer.organization_name ? (
          <Text span c="dimmed" fw={400}>
            {' '}
            · {customer.organization_name}
          </Text>
        ) : null}
      </Text>
      <Text size="sm">{formatPhone(customer.whole_phone)}</Text>
      <Text size="sm" c="dimmed">
        {customer.address.full_address}
      </Text>
    </Stack>
  );
}

/**
 * The find-customer panel of domain.md §1.2 step 1: phone, first and last name. Every change searches
 * (domain.md §1.5), clearing a field empties the results; one match is chosen at once, several are
 * offered to pick from.
 */
export function FindCustomerPanel({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState<CustomerSearch>(noSearch);
  // The search of the last change; null after a field was cleared (domain.md §1.2).
  const [search, setSearch] = useState<CustomerSearch | null>(null);
  const [debounced] = useDebouncedValue(search, searchDebounceMs);
  const active = search !== null && debounced !== null && debounced === search;
  const query = useQuery({ ...customerSearchQuery(debounced ?? noSearch), enabled: active });
  const results = search === null ? [] : (query.data ?? []);

  const change = (key: keyof CustomerSearch, value: string) => {
    const next = { ...terms, [key]: value };
    setTerms(next);
    const trimmed = {
      phone: next.phone.trim(),
      first_name: next.first_name.trim(),
      last_name: next.last_name.trim(),
    };
    const cleared = value.trim() === '' || Object.values(trimmed).every((v) => v === '');
    setSearch(cleared ? null : trimmed);
    // Decision 0025: emptying the whole search lets go of the customer it found, so that a cleared
    // panel never carries on with someone the user no longer sees searched for.
    if (Object.values(trimmed).every((v) => v === '')) onSelect(null);
  };

  // A single match is chosen by itself; a choice stays (in its own box) until another is picked.
  const data = active ? query.data : undefined;
  useEffect(() => {
    if (!data) return;
    if (data.length === 1 && data[0]) onSelect(data[0]);
  }, [data, onSelect]);

  const field = (key: keyof CustomerSearch, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={terms[key]}
      autoComplete="off"
      onChange={(e) => change(key, e.currentTarget.value)}
      {...extra}
    />
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="find-customer-heading">
      <Stack>
        <Title order={4} id="find-customer-heading">
          {t('orderSteps.customer.findHeading')}
        </Title>
        {field('phone', t('orderSteps.customer.phone'), { type: 'tel', inputMode: 'tel' })}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('first_name', t('orderSteps.customer.firstName'))}
          {field('last_name', t('orderSteps.customer.lastName'))}
        </SimpleGrid>
        {query.error && search ? <Alert color="red">{t(errorKey(query.error))}</Alert> : null}
        {search && (query.isFetching || !active) ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : null}
        {search && active && query.data && results.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('orderSteps.customer.noMatch')}
          </Text>
        ) : null}
        {results.length > 1 ? (
          <Radio.Group
            label={t('orderSteps.customer.candidates', { count: results.length })}
            value={selected ? String(selected.id) : null}
            onChange={(v) => onSelect(results.find((c) => String(c.id) === v) ?? null)}
          >
            <Stack gap="xs" mt="xs">
              {results.map((c) => (
                <Radio.Card key={c.id} value={String(c.id)} p="sm" radius="md" aria-label={c.name}>
                  <CustomerSummary customer={c} />
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
