import { type WarehouseAdd, warehouseAddSchema } from '@letokruh/contracts/warehouses';
import { ColorInput, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { FormCard, FormPage } from '../../ui/form-page';
import { useDecimalProps } from '../../ui/number-props';
import { useAddWarehouse } from './api';
import { StaffSelect } from './staff-select';

type Draft = {
  name: string;
  address: string;
  town: string;
  zip: string;
  country: string;
  lat: number | '';
  lon: number | '';
  drivers: number[];
  warehousemen: number[];
  color: string;
};

const emptyDraft: Draft = {
  name: '',
  address: '',
  town: '',
  zip: '',
  country: 'Česká republika',
  lat: '',
  lon: '',
  drivers: [],
  warehousemen: [],
  color: '',
};

/** domain.md §2.5: every field of the creation payload but the staff is required. */
const requiredFields = ['name', 'address', 'town', 'zip', 'country', 'lat', 'lon'] as const;

const toNumber = (value: string | number): number | '' =>
  value === '' || Number.isNaN(Number(value)) ? '' : Number(value);

/** domain.md §2.2 AddWarehouse: name, address, town, zip, country, coordinates, drivers, warehousemen. */
export function WarehouseAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [badFields, setBadFields] = useState<string[]>([]);
  const add = useAddWarehouse();
  const decimal = useDecimalProps();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: 'name' | 'address' | 'town' | 'zip' | 'country') => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: badFields.includes(key),
    required: true,
  });

  const submit = () => {
    setProblem(null);
    const missing = requiredFields.filter((key) => String(draft[key]).trim() === '');
    setBadFields(missing);
    if (missing.length > 0) return setProblem(t('errors.missingFields'));
    const { color, ...rest } = draft;
    const parsed = warehouseAddSchema.safeParse({ ...rest, ...(color ? { color } : {}) });
    if (!parsed.success) {
      setBadFields(parsed.error.issues.map((i) => String(i.path[0])));
      return setProblem(t('errors.120'));
    }
    add.mutate(parsed.data as WarehouseAdd, {
      onSuccess: (warehouse) => {
        notifications.show({ color: 'green', message: t('warehouses.added', { name: warehouse.name }) });
        navigate('/warehouses');
      },
      onError: (e) => {
        setBadFields(e instanceof ApiError ? e.fields : []);
        setProblem(t(errorKey(e)));
      },
    });
  };

  return (
    <FormPage
      back={{ to: '/warehouses', label: t('warehouses.backToList') }}
      title={t('warehouses.addHeading')}
      maw={860}
    >
      <FormCard
        onSubmit={submit}
        problem={problem}
        submitLabel={t('warehouses.create')}
        pending={add.isPending}
        cancel={{ to: '/warehouses' }}
      >
        <TextInput label={t('warehouses.fields.name')} {...text('name')} />
        <TextInput
          label={t('warehouses.fields.address')}
          description={t('warehouses.addressHint')}
          {...text('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('warehouses.fields.town')} {...text('town')} />
          <TextInput label={t('warehouses.fields.zip')} {...text('zip')} />
          <TextInput label={t('warehouses.fields.country')} {...text('country')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('warehouses.fields.lat')}
            description={t('warehouses.latHint')}
            required
            value={draft.lat}
            onChange={(v) => set('lat', toNumber(v))}
            min={-90}
            max={90}
            decimalScale={6}
            {...decimal}
            thousandSeparator={false}
            clampBehavior="none"
            hideControls
            error={badFields.includes('lat')}
          />
          <NumberInput
            label={t('warehouses.fields.lon')}
            description={t('warehouses.lonHint')}
            required
            value={draft.lon}
            onChange={(v) => set('lon', toNumber(v))}
            min={-180}
            max={180}
            decimalScale={6}
            {...decimal}
            thousandSeparator={false}
            clampBehavior="none"
            hideControls
            error={badFields.includes('lon')}
          />
          <ColorInput
            label={t('warehouses.fields.color')}
            description={t('warehouses.colorHint')}
            value={draft.color}
            onChange={(v) => set('color', v)}
            format="hex"
            error={badFields.includes('color')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StaffSelect
            kind="drivers"
            label={t('warehouses.fields.drivers')}
            value={draft.drivers}
            onChange={(v) => set('drivers', v)}
            error={badFields.includes('drivers')}
          />
          <StaffSelect
            kind="warehousemen"
            label={t('warehouses.fields.warehousemen')}
            value={draft.warehousemen}
            onChange={(v) => set('warehousemen', v)}
            error={badFields.includes('warehousemen')}
          />
        </SimpleGrid>
      </FormCard>
    </FormPage>
  );
}
