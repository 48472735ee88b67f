import type { AvailableProduct, ProductType } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { Button, Group, NumberInput, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { useDecimalProps } from '../../ui/number-props';
import type { ProductGroup } from './api';
import { offerPrice } from './items-draft';

/** domain.md §1.5: a line's amount is at least 1 (the server's `lineAmountSchema`), so is what is added. */
const minCount = 1;
const maxCount = 1_000_000;

/** domain.md's Czech type names are the values on the wire; the catalogue translates them. */
const typeKey: Record<ProductType, string> = {
  Měkké: 'products.types.soft',
  Tvrdé: 'products.types.hard',
  'Doplňkový prodej': 'products.types.additional',
};

type Props = {
  groups: ProductGroup[];
  currency: Currency;
  onAdd: (product: AvailableProduct, amount: number) => void;
};

/**
 * Products grouped by type as radio cards (length, unit, price with VAT), a count field where
 * Enter adds, and the add button (domain.md §1.2 step 2). Adding needs a product and an amount.
 */
export function ProductPicker({ groups, currency, onAdd }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  const [productId, setProductId] = useState<string | null>(null);
  // What the field shows: a count out of range (or empty) adds nothing, rather than the last valid one.
  const [count, setCount] = useState<number | string>(1);
  const amount = typeof count === 'number' && count >= minCount && count <= maxCount ? count : null;
  const product = groups.flatMap((g) => g.products).find((p) => String(p.id) === productId);
  const add = () => {
    if (product && amount !== null) onAdd(product, amount);
  };
  return (
    <Stack gap="sm">
      <Radio.Group
        value={productId}
        onChange={setProductId}
        label={t('orderSteps.items.products')}
        labelProps={{ fz: 'lg', fw: 600 }}
      >
        <Stack gap="md" mt="xs">
          {groups.map((group) => (
            <Stack key={group.name} gap={6}>
              <Title order={5}>{t(typeKey[group.name])}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs">
                {group.products.map((p) => {
                  const offer = offerPrice(p, currency);
                  return (
                    <Radio.Card key={p.id} value={String(p.id)} p="xs" radius="md" aria-label={p.name}>
                      <Group wrap="nowrap" align="flex-start" gap="xs">
                        <Radio.Indicator mt={2} />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600}>
                            {p.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('orderSteps.items.productLine', {
                              length: p.length,
                              unit: p.measurement_unit,
                              price: format.money(offer?.price ?? null, currency),
                            })}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Radio.Group>
      {groups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('orderSteps.items.noProducts')}
        </Text>
      ) : null}
      <Group align="flex-end" gap="sm">
        <NumberInput
          {...decimal}
          label={t('orderSteps.items.count')}
          value={count}
          onChange={setCount}
          min={minCount}
          max={maxCount}
          decimalScale={2}
          clampBehavior="none"
          allowNegative={false}
          error={count !== '' && amount === null}
          w={140}
          rightSection={
            product ? (
              <Text size="xs" c="dimmed" pr={6}>
                {product.measurement_unit}
              </Text>
            ) : null
          }
          rightSectionWidth={product ? 52 : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button onClick={add} disabled={!product || amount === null}>
          {t('orderSteps.items.add')}
        </Button>
        {product ? (
          <Text size="sm" c="dimmed">
            {product.name}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('orderSteps.items.pickProduct')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
