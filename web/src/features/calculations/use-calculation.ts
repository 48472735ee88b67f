import type { CalculationPayload } from '@letokruh/contracts/calculations';
import type { Currency } from '@letokruh/contracts/rules/money';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { configQuery, useAccess } from '../../lib/session';
import { changeCurrency, changeRate, removeLine, updateLine } from '../order-steps';
import { calculationProductsQuery, calculationWarehousesQuery, orderFromQuote, quoteQuery } from './api';
import {
  addToQuote,
  badPlace,
  type CalculationDraft,
  changeQuoteWarehouse,
  newCalculation,
  quotePayloadOf,
} from './calculation-draft';

/** Requests wait this long after the last change (domain.md §2.7 debounces list loads by 500 ms too). */
export const quoteDebounceMs = 400;

/**
 * The calculations page's state (domain.md §3.3): the form (calculation-draft), the product being
 * picked, the warehouses and products offered, the debounced quote and "create order".
 */
export function useCalculation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const config = useQuery(configQuery);
  const warehouses = useQuery(calculationWarehousesQuery);
  const [draft, setDraft] = useState<CalculationDraft>(newCalculation);
  const [picked, setPicked] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1);
  const rateAtFocus = useRef(draft.rate);

  const warehouse = draft.warehouseId ?? warehouses.data?.[0]?.id ?? null;
  const products = useQuery({
    ...calculationProductsQuery(warehouse ?? 0, draft.currency),
    enabled: warehouse !== null,
  });
  const payload = quotePayloadOf(draft, warehouse);
  const [debounced] = useDebouncedValue(payload, quoteDebounceMs);
  const quote = useQuery({
    ...quoteQuery(debounced ?? ({} as CalculationPayload)),
    enabled: debounced !== null,
  });
  const create = useMutation({
    mutationFn: () => orderFromQuote(payload!),
    onSuccess: ({ id }) => navigate(`/order/${id}/customer`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });

  const canAdd = Boolean(picked) && typeof amount === 'number' && amount >= 1;
  const add = () => {
    const product = (products.data ?? []).flatMap((g) => g.products).find((p) => String(p.id) === picked);
    if (!product || typeof amount !== 'number' || amount < 1) return;
    setDraft((d) => addToQuote(d, product, amount));
    setPicked(null);
    setAmount(1);
  };

  return {
    draft,
    warehouses,
    warehouse,
    products,
    quote,
    create,
    picked,
    amount,
    canAdd,
    badPlace: badPlace(draft),
    /** Address search (GET /address_suggestions) is on and allowed. */
    findsAddresses: Boolean(config.data?.address_suggestions) && access.canCall('GET /address_suggestions'),
    createsOrders: access.canCall('POST /calculation/order'),
    canCreate: payload !== null && draft.lines.length > 0 && !badPlace(draft),
    setPicked,
    setAmount,
    add,
    // domain.md §1.4, as in the items step: a new currency clears the lines and resets the transport defaults.
    changeCurrency: (currency: Currency) => {
      setDraft((d) => changeCurrency(d, currency));
      setPicked(null);
    },
    changeWarehouse: (id: number) => {
      setDraft((d) => changeQuoteWarehouse(d, id));
      setPicked(null);
    },
    changeAmount: (productId: number, value: number) =>
      setDraft((d) => updateLine(d, productId, { amount: value })),
    remove: (productId: number) => setDraft((d) => removeLine(d, productId)),
    pickAddress: (s: { lat: number; lon: number; label: string }) =>
      setDraft((d) => ({ ...d, place: `${s.lat}, ${s.lon}`, placeLabel: s.label })),
    typePlace: (place: string) => setDraft((d) => ({ ...d, place, placeLabel: null })),
    setDistance: (distance: number | string) => setDraft((d) => ({ ...d, distance })),
    setRate: (rate: number) => setDraft((d) => ({ ...d, rate })),
    setMinimum: (minimum: number) => setDraft((d) => ({ ...d, minimum })),
    // As in the items step: the minimum rule (domain.md §1.4) applies once the rate is typed, not per keystroke.
    rateFocused: () => {
      rateAtFocus.current = draft.rate;
    },
    rateLeft: () => {
      if (draft.rate !== rateAtFocus.current) setDraft((d) => changeRate(d, d.rate));
    },
  };
}
