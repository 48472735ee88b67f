import type { AvailableProduct, ProductType } from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { foldText } from '@letokruh/contracts/rules/text';
import { Button, Group, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
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

/** The arrows walk the product cards, which are one Tab stop (WAI-ARIA radio group). */
const arrows: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** A product's stock in the chosen warehouse (decision 0064): free now and on the projected day. */
export type PickerStock = { available: number; projected: number; projectedDate: string };

type Props = {
  groups: ProductGroup[];
  currency: Currency;
  /** By product id; absent while loading, or for a user who may not read the stock. */
  stock?: ReadonlyMap<number, PickerStock> | undefined;
  onAdd: (product: AvailableProduct, amount: number) => void;
};

/** Every word of the search in the product's name or short name, accents and case aside (decision 0024). */
export function matchesSearch(product: { name: string; shorten_name?: string }, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  const text = foldText(`${product.name} ${product.shorten_name ?? ''}`);
  return words.every((w) => text.includes(w));
}

/**
 * The items step's product picker (domain.md §1.2 step 2, decision 0080): a search field that
 * narrows the products as one types (without accents), each product with its price and its
 * available and projected stock in the chosen warehouse, and the amount field right under the
 * chosen product. By keyboard: the name, Enter (takes the first match, or the one the arrows
 * reached), the amount, Enter (adds, back to the search). The product cards are one Tab stop
 * (the chosen one or the first), arrows walk them.
 */
export function ProductPicker({ groups, currency, stock, onAdd }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const decimal = useDecimalProps();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  // What the field shows: a count out of range (or empty) adds nothing, rather than the last valid one.
  const [count, setCount] = useState<number | string>(1);
  const [focusCount, setFocusCount] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const countRef = useRef<HTMLInputElement>(null);
  const amount = typeof count === 'number' && count >= minCount && count <= maxCount ? count : null;
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, products: g.products.filter((p) => matchesSearch(p, search)) }))
        .filter((g) => g.products.length > 0),
    [groups, search],
  );
  const flat = shown.flatMap((g) => g.products);
  const product = groups.flatMap((g) => g.products).find((p) => String(p.id) === productId);
  const tabStop = product && flat.includes(product) ? product.id : flat[0]?.id;

  // The amount field takes the focus once it is drawn beside the product just chosen.
  useEffect(() => {
    if (focusCount === 0) return;
    countRef.current?.focus();
    countRef.current?.select();
  }, [focusCount]);

  const choose = (id: number, focus: boolean) => {
    setProductId(String(id));
    if (focus) setFocusCount((n) => n + 1);
  };
  const add = () => {
    if (!product || amount === null) return;
    onAdd(product, amount);
    setSearch('');
    setActive(0);
    setCount(1);
    searchRef.current?.focus();
  };

  const stockLine = (p: AvailableProduct) => {
    const s = stock?.get(p.id);
    if (!s) return null;
    const unit = p.measurement_unit;
    return (
      <Text size="xs" c={s.available <= 0 ? 'red.9' : undefined} data-testid="picker-stock">
        {s.available > 0
          ? t('orderSteps.items.stockFree', { amount: format.number(s.available), unit })
          : t('orderSteps.items.stockNone', { amount: format.number(-s.available), unit })}
        {' · '}
        {t('orderSteps.items.stockProjected', {
          amount: format.number(s.projected),
          unit,
          day: format.day(s.projectedDate),
        })}
      </Text>
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        ref={searchRef}
        label={t('orderSteps.items.search')}
        labelProps={{ fz: 'lg', fw: 600 }}
        placeholder={t('orderSteps.items.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        aria-controls="product-picker-list"
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const next = active + (e.key === 'ArrowDown' ? 1 : -1);
            setActive(Math.max(0, Math.min(flat.length - 1, next)));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const hit = flat[Math.min(active, flat.length - 1)];
            if (hit) choose(hit.id, true);
          } else if (e.key === 'Escape') setSearch('');
        }}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {search
          ? t('orderSteps.items.searchFound', { count: flat.length })
          : t('orderSteps.items.searchHint')}
      </Text>
      <Radio.Group
        id="product-picker-list"
        value={productId}
        onChange={(v) => choose(Number(v), true)}
        label={t('orderSteps.items.products')}
        labelProps={{ fz: 'md', fw: 600 }}
      >
        <Stack gap="md" mt="xs">
          {shown.map((group) => (
            <Stack key={group.name} gap={6}>
              <Title order={5}>{t(typeKey[group.name])}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs">
                {group.products.map((p) => {
                  const offer = offerPrice(p, currency);
                  const chosen = String(p.id) === productId;
                  const highlighted = search !== '' && flat[active]?.id === p.id;
                  return (
                    <Fragment key={p.id}>
                      <Radio.Card
                        value={String(p.id)}
                        p="xs"
                        radius="md"
                        aria-label={p.name}
                        tabIndex={p.id === tabStop ? 0 : -1}
                        className="picker-card"
                        style={
                          highlighted
                            ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 1 }
                            : undefined
                        }
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            choose(p.id, true);
                          } else if (arrows[e.key]) {
                            e.preventDefault();
                            const cards = [...document.querySelectorAll<HTMLElement>('.picker-card')];
                            cards[cards.indexOf(e.currentTarget) + (arrows[e.key] ?? 0)]?.focus();
                          }
                        }}
                      >
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
                            {stockLine(p)}
                          </Stack>
                        </Group>
                      </Radio.Card>
                      {chosen ? (
                        <Group
                          align="flex-end"
                          gap="sm"
                          style={{ gridColumn: '1 / -1' }}
                          data-testid="picker-amount"
                        >
                          <NumberInput
                            {...decimal}
                            ref={countRef}
                            label={t('orderSteps.items.count')}
                            value={count}
                            onChange={setCount}
                            min={minCount}
                            max={maxCount}
                            decimalScale={2}
                            clampBehavior="none"
                            allowNegative={false}
                            error={count !== '' && amount === null}
                            w={160}
                            rightSection={
                              <Text size="xs" c="dimmed" pr={6}>
                                {p.measurement_unit}
                              </Text>
                            }
                            rightSectionWidth={52}
                            onFocus={(e) => e.currentTarget.select()}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter') {
                                e.preventDefault();
                                add();
                              } else if (e.key === 'Escape') searchRef.current?.focus();
                            }}
                          />
                          <Button onClick={add} disabled={amount === null}>
                            {t('orderSteps.items.add')}
                          </Button>
                          <Text size="sm" c="dimmed">
                            {p.name}
                          </Text>
                        </Group>
                      ) : null}
                    </Fragment>
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
      ) : !product ? (
        <Text size="sm" c="dimmed">
          {t('orderSteps.items.pickProduct')}
        </Text>
      ) : null}
    </Stack>
  );
}
