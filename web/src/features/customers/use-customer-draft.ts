import type { CustomerAdd, PhonePrefix } from '@letokruh/contracts/customers';
import { prefixForCountry } from '@letokruh/contracts/customers';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCoordinatePair } from '../../ui/coordinates';
import { type CustomerDraft, type DraftField, missingFields, parseDraft } from './payloads';

type Options = {
  initial: CustomerDraft;
  /** An edit: an IČO or DIČ kept as `initial` has it is not checked again (decision 0037). */
  editing: boolean;
  onSubmit: (value: CustomerAdd) => void;
};

/**
 * The customer form's draft and its checks (decision 0011): the fields' values and errors, the
 * problem shown on top, the country → prefix question (domain.md §2.5) and pasted coordinates.
 */
export function useCustomerDraft({ initial, editing, onSubmit }: Options) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<CustomerDraft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [badFields, setBadFields] = useState<DraftField[]>([]);
  // Why a field was refused, when the schema named it: a key of `companyIds` for IČO and DIČ.
  const [problems, setProblems] = useState<Partial<Record<DraftField, string>>>({});
  const [askPrefix, setAskPrefix] = useState<PhonePrefix | null>(null);
  // The country last offered a prefix for: leaving the field again does not ask twice.
  const checkedCountry = useRef(initial.country);

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

  return {
    draft,
    setDraft,
    set,
    bad,
    text,
    fieldError,
    problem,
    alertRef,
    askPrefix,
    setAskPrefix,
    checkCountry,
    pasteCoordinates,
    submit,
  };
}
