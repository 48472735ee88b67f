import {
  type AddressSuggestion,
  addressSuggestionDebounceMs,
  addressSuggestionsQuerySchema,
} from '@letokruh/contracts/maps';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addressSuggestionsQuery } from '../lib/address-suggestions';

type Props = {
  label: string;
  description?: string;
  placeholder?: string;
  onPick: (suggestion: AddressSuggestion) => void;
};

/**
 * The address finder of domain.md §3.3: what is typed goes to the maps service 1000 ms after the last
 * keystroke (domain.md §2.7), and a picked suggestion fills the address fields and coordinates. Shown
 * only when the server has a maps service (`address_suggestions` of /api/config).
 */
export function AddressFinder({ label, description, placeholder, onPick }: Props) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), addressSuggestionDebounceMs);
  const valid = addressSuggestionsQuerySchema.safeParse({ query }).success;
  const suggestions = useQuery({ ...addressSuggestionsQuery(query), enabled: valid });
  const items = valid ? (suggestions.data ?? []) : [];
  const labels = [...new Set(items.map((s) => s.label))];
  return (
    <Autocomplete
      label={label}
      description={description}
      placeholder={placeholder}
      value={text}
      onChange={setText}
      data={labels}
      // The service has filtered already; the list shows what it found.
      filter={({ options }) => options}
      rightSection={suggestions.isFetching ? <Loader size="xs" /> : null}
      onOptionSubmit={(value) => {
        const picked = items.find((s) => s.label === value);
        if (picked) onPick(picked);
      }}
    />
  );
}
