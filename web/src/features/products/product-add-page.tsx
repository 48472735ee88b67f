import {
  measurementUnits,
  type ProductAdd,
  type ProductType,
  productAddSchema,
  type productSubtypes,
  productTypes,
} from '@letokruh/contracts/products';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { NumberInput, Select, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { FormCard, FormPage } from '../../ui/form-page';
import { useAddProduct } from './api';
import { newPriceLine, type PriceLine, PriceLinesEditor } from './price-lines-editor';
import { productTypeKey } from './product-labels';
import { vatChoices } from './vat-select';

type Subtype = (typeof productSubtypes)[number];
type Draft = {
  name: string;
  shorten_name: string;
  type: ProductType | null;
  subtype: Subtype | 'none';
  length: number | '';
  measurement_unit: (typeof measurementUnits)[number] | null;
  description: string;
};

const emptyDraft: Draft = {
  name: '',
  shorten_name: '',
  type: null,
  subtype: 'none',
  length: '',
  measurement_unit: null,
  description: '',
};

/** The wood a type usually is; picking a type proposes it, the user may change it. */
const usualSubtype: Record<ProductType, Subtype | 'none'> = {
  Měkké: 'soft',
  Tvrdé: 'hard',
  'Doplňkový prodej': 'none',
};

const requiredFields = ['name', 'shorten_name', 'type', 'length', 'measurement_unit'] as const;

/** domain.md §2.2, §2.5: a new product with its prices per currency (with VAT, from today). */
export function ProductAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const add = useAddProduct();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [prices, setPrices] = useState<PriceLine[]>(() => [newPriceLine('CZK'), newPriceLine('EUR')]);
  const [problem, setProblem] = useState<string | null>(null);
  const [badFields, setBadFields] = useState<string[]>([]);
  const [badLines, setBadLines] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    setProblem(null);
    const missing: string[] = requiredFields.filter((key) => {
      const value = draft[key];
      return value === null || String(value).trim() === '';
    });
    // A line for one warehouse needs its warehouse and a price; a general line may stay empty.
    const incomplete = prices
      .filter((l) => l.warehouse !== null && (!l.warehouse || l.price === ''))
      .map((l) => l.key);
    setBadFields(missing);
    setBadLines(incomplete);
    if (missing.length > 0 || incomplete.length > 0) return setProblem(t('errors.missingFields'));
    const lines = prices.filter((l) => l.price !== '');
    const parsed = productAddSchema.safeParse({
      ...draft,
      subtype: draft.subtype === 'none' ? null : draft.subtype,
      priceForm: lines.map((l) => ({
        ...(l.warehouse ? { warehouse: Number(l.warehouse) } : {}),
        currency: l.currency,
        price: l.price,
        // The prices start today: the rate shown is the one valid today in the currency's country.
        vat: vatChoices(l.currency, pragueDay(), l.vat).value,
      })),
    });
    if (!parsed.success) {
      const paths = parsed.error.issues.map((i) => i.path);
      setBadFields(paths.map((p) => String(p[0])));
      setBadLines(paths.filter((p) => p[0] === 'priceForm').map((p) => lines[Number(p[1])]?.key ?? ''));
      return setProblem(t('products.outOfBounds'));
    }
    add.mutate(parsed.data as ProductAdd, {
      onSuccess: (product) => {
        notifications.show({ color: 'green', message: t('products.added', { name: product.name }) });
        navigate('/products');
      },
      onError: (e) => {
        setBadFields(e instanceof ApiError ? e.fields : []);
        setProblem(t(errorKey(e)));
      },
    });
  };

  const bad = (key: string) => badFields.includes(key);
  return (
    <FormPage
      back={{ to: '/products', label: t('products.backToList') }}
      title={t('products.addHeading')}
      maw={960}
    >
      <FormCard
        onSubmit={submit}
        problem={problem}
        submitLabel={t('products.create')}
        pending={add.isPending}
        cancel={{ to: '/products' }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('products.fields.name')}
            required
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={bad('name')}
            maxLength={200}
          />
          <TextInput
            label={t('products.fields.shortenName')}
            required
            value={draft.shorten_name}
            onChange={(e) => set('shorten_name', e.currentTarget.value)}
            error={bad('shorten_name')}
            maxLength={50}
          />
          <Select
            label={t('products.fields.type')}
            required
            data={productTypes.map((type) => ({ value: type, label: t(productTypeKey[type]) }))}
            value={draft.type}
            onChange={(v) => {
              const type = v as ProductType | null;
              setDraft((d) => ({ ...d, type, subtype: type ? usualSubtype[type] : d.subtype }));
            }}
            error={bad('type')}
          />
          <Select
            label={t('products.fields.subtype')}
            allowDeselect={false}
            data={(['soft', 'hard', 'none'] as const).map((s) => ({
              value: s,
              label: t(`products.subtypes.${s}`),
            }))}
            value={draft.subtype}
            onChange={(v) => v && set('subtype', v as Subtype | 'none')}
            error={bad('subtype')}
          />
          <NumberInput
            label={t('products.fields.lengthCm')}
            description={t('products.lengthHint')}
            required
            value={draft.length}
            onChange={(v) => set('length', v === '' || Number.isNaN(Number(v)) ? '' : Number(v))}
            min={0}
            max={1_000_000}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            error={bad('length')}
          />
          <Select
            label={t('products.fields.measurementUnit')}
            required
            data={measurementUnits.map((u) => ({ value: u, label: t(`products.units.${u}`) }))}
            value={draft.measurement_unit}
            onChange={(v) => set('measurement_unit', v as Draft['measurement_unit'])}
            error={bad('measurement_unit')}
          />
        </SimpleGrid>
        <Textarea
          label={t('products.fields.description')}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          rows={2}
          maxLength={2000}
        />
        <Title order={4}>{t('products.pricesHeading')}</Title>
        <Text size="sm" c="dimmed">
          {t('products.pricesHint')}
        </Text>
        <PriceLinesEditor
          lines={prices}
          onChange={setPrices}
          invalid={badLines}
          perWarehouse={can('view_warehouse')}
        />
      </FormCard>
    </FormPage>
  );
}
