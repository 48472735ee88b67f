import type { CarInput } from '@letokruh/contracts/warehouses';
import { ActionIcon, Button, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A car row being edited; `key` tells rows apart before a new car has an id. */
export type CarDraft = CarInput & { key: string };

let nextKey = 0;
export const newCarDraft = (): CarDraft => ({ key: `new-${nextKey++}`, name: '', hex_color: '#868e96' });

type Props = { cars: CarDraft[]; onChange: (cars: CarDraft[]) => void; invalid: string[] };

/** The warehouse's cars (decision 0005): a name and a colour each; a removed car is retired. */
export function CarsEditor({ cars, onChange, invalid }: Props) {
  const { t } = useTranslation();
  const update = (key: string, patch: Partial<CarDraft>) =>
    onChange(cars.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  return (
    <Stack gap="xs">
      {cars.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('warehouses.noCars')}
        </Text>
      ) : null}
      {cars.map((car, index) => (
        <Group key={car.key} align="flex-end" wrap="nowrap">
          <TextInput
            label={t('warehouses.carName', { number: index + 1 })}
            required
            value={car.name}
            onChange={(e) => update(car.key, { name: e.currentTarget.value })}
            error={invalid.includes(car.key)}
            style={{ flex: 1 }}
          />
          <ColorInput
            label={t('warehouses.carColor', { number: index + 1 })}
            value={car.hex_color}
            onChange={(hex_color) => update(car.key, { hex_color })}
            format="hex"
            w={160}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('warehouses.removeCar', { number: index + 1 })}
            onClick={() => onChange(cars.filter((c) => c.key !== car.key))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...cars, newCarDraft()])}
        >
          {t('warehouses.addCar')}
        </Button>
      </Group>
    </Stack>
  );
}
