import { hexColorSchema, type Warehouse } from '@letokruh/contracts/warehouses';
import { Alert, Center, ColorInput, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { FormCard, FormPage } from '../../ui/form-page';
import { useEditWarehouse, useWarehouse } from './api';
import { type CarDraft, CarsEditor } from './cars-editor';
import { StaffSelect } from './staff-select';

/** domain.md §2.2: edit sets drivers and warehousemen (and, decision 0005, the cars), then back to the list. */
export function WarehouseEditPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const id = Number(useParams().id);
  const warehouse = useWarehouse(id);
  if (!access.user) return null;
  // The server refuses the save without manage_warehouse (decision 0021); say so at once.
  if (!access.canCall('PUT /warehouse/:id/edit'))
    return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <FormPage
      back={{ to: '/warehouses', label: t('warehouses.backToList') }}
      title={
        warehouse.data
          ? t('warehouses.editHeading', { name: warehouse.data.name })
          : t('titles.warehouseEdit')
      }
      maw={860}
    >
      {warehouse.isPending ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : warehouse.isError ? (
        <Alert color="red">{t(errorKey(warehouse.error))}</Alert>
      ) : (
        // Keyed by version: a fresh load after someone else's save starts a fresh draft.
        <EditForm key={warehouse.data.version} warehouse={warehouse.data} />
      )}
    </FormPage>
  );
}

function EditForm({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useEditWarehouse(warehouse.id);
  const [drivers, setDrivers] = useState(() => warehouse.drivers.map((d) => d.id));
  const [warehousemen, setWarehousemen] = useState(() => warehouse.warehousemen.map((w) => w.id));
  const [color, setColor] = useState(warehouse.color);
  const [cars, setCars] = useState<CarDraft[]>(() =>
    warehouse.cars.map((c) => ({ key: `car-${c.id}`, id: c.id, name: c.name, hex_color: c.hex_color })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [invalidCars, setInvalidCars] = useState<string[]>([]);
  const [badColor, setBadColor] = useState(false);

  const submit = () => {
    setProblem(null);
    const unnamed = cars.filter((c) => !c.name.trim()).map((c) => c.key);
    setInvalidCars(unnamed);
    if (unnamed.length > 0) return setProblem(t('errors.missingFields'));
    const wrongColour = !hexColorSchema.safeParse(color).success;
    const wrongCars = cars.filter((c) => !hexColorSchema.safeParse(c.hex_color).success).map((c) => c.key);
    setBadColor(wrongColour);
    setInvalidCars(wrongCars);
    if (wrongColour || wrongCars.length > 0) return setProblem(t('warehouses.badColor'));
    edit.mutate(
      {
        drivers,
        warehousemen,
        // Sent only when changed: a new colour also recomputes the calendar's text colour.
        ...(color !== warehouse.color ? { color } : {}),
        cars: cars.map(({ id, name, hex_color }) => ({
          ...(id ? { id } : {}),
          name: name.trim(),
          hex_color,
        })),
        version: warehouse.version,
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('warehouses.saved', { name: saved.name }) });
          navigate('/warehouses');
        },
        onError: (e) => setProblem(t(errorKey(e))),
      },
    );
  };

  return (
    <FormCard
      onSubmit={submit}
      problem={problem}
      submitLabel={t('common.save')}
      pending={edit.isPending}
      cancel={{ to: '/warehouses' }}
    >
      <Text c="dimmed" size="sm">
        {warehouse.address.full_address}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StaffSelect
          kind="drivers"
          label={t('warehouses.fields.drivers')}
          value={drivers}
          onChange={setDrivers}
          assigned={warehouse.drivers}
        />
        <StaffSelect
          kind="warehousemen"
          label={t('warehouses.fields.warehousemen')}
          value={warehousemen}
          onChange={setWarehousemen}
          assigned={warehouse.warehousemen}
        />
      </SimpleGrid>
      <ColorInput
        label={t('warehouses.fields.color')}
        value={color}
        onChange={setColor}
        format="hex"
        error={badColor}
        w={260}
      />
      <Title order={4}>{t('warehouses.cars')}</Title>
      <CarsEditor cars={cars} onChange={setCars} invalid={invalidCars} />
    </FormCard>
  );
}
