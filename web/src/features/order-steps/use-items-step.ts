import { ErrorCode } from '@letokruh/contracts/errors';
import type { ShortStock } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import type { Currency } from '@letokruh/contracts/rules/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import {
  availableProductsQuery,
  ordersKey,
  pickerStockQuery,
  saveItems,
  warehouseDistanceQuery,
} from './api';
import {
  changeCurrency,
  changeWarehouse,
  type ItemsDraft,
  itemsDraftOf,
  itemsPayloadOf,
  moveToWarehouse,
  type WarehouseMove,
} from './items-draft';
import { forgetItems, keepItems, loadKeptItems, sameDraft } from './kept-items';
import type { PickerStock } from './product-picker';
import { isStale } from './step-shell';

/**
 * The items step's state (decision 0060: the page renders, a hook holds the rest): the draft kept
 * in the browser, the warehouses with their distances, the offered products and their stock, the
 * save with its short-stock confirmation, and the questions before a currency or warehouse change.
 */
export function useItemsStep(order: Order) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const saved$ = useMemo(() => itemsDraftOf(order), [order]);
  // Decision 0080: the form typed and not saved comes back after leaving the step.
  const [restored] = useState(() => loadKeptItems(order.id, order.version));
  const [draft, setDraft] = useState<ItemsDraft>(() => restored ?? saved$);
  useEffect(() => {
    if (sameDraft(draft, saved$)) forgetItems(order.id);
    else keepItems(order.id, order.version, draft);
  }, [draft, saved$, order.id, order.version]);
  const [askCurrency, setAskCurrency] = useState<Currency | null>(null);
  const [askMove, setAskMove] = useState<WarehouseMove | null>(null);
  const [moveError, setMoveError] = useState<unknown>(null);
  // Decision 0064: the products short of the last save, kept while a confirmed save runs.
  const [short, setShort] = useState<ShortStock[] | null>(null);
  const distances = useQuery({ ...warehouseDistanceQuery(order.id), enabled: order.customer !== null });
  const products = useQuery({
    ...availableProductsQuery(draft.warehouseId ?? 0, draft.currency ?? 'CZK'),
    enabled: draft.warehouseId !== null && draft.currency !== null,
  });
  const readsStock = access.canCall('GET /warehouse/:id/product_stock');
  const stock = useQuery({
    ...pickerStockQuery(draft.warehouseId ?? 0, order.expected_delivery_date),
    enabled: draft.warehouseId !== null && readsStock,
  });
  const stockById = useMemo(
    () =>
      new Map<number, PickerStock>(
        (stock.data ?? []).map((s) => [
          s.product.id,
          { available: s.available, projected: s.projected, projectedDate: s.projected_date },
        ]),
      ),
    [stock.data],
  );
  const save = useMutation({
    // Decision 0064: `reason` confirms a save that takes products below their available stock.
    mutationFn: (reason?: string) => {
      const payload = itemsPayloadOf(draft, order.version);
      if (!payload) throw new Error('warehouse and currency first');
      return saveItems(
        order.id,
        reason === undefined
          ? payload
          : { ...payload, confirm_short_stock: true, short_stock_reason: reason },
      );
    },
    onMutate: (reason) => {
      if (reason === undefined) setShort(null);
    },
    onError: (error) =>
      setShort(
        error instanceof ApiError && error.errorCode === ErrorCode.stockShortNeedsConfirmation
          ? ((error.answer.short ?? []) as ShortStock[])
          : null,
      ),
    onSuccess: (saved) => {
      forgetItems(order.id);
      queryClient.setQueryData([...ordersKey, 'item', order.id], saved);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void navigate(`/order/${order.id}/intern`);
    },
  });

  const pickCurrency = (currency: Currency) => {
    if (currency === draft.currency) return;
    // domain.md §1.4 clears the lines: asked first when there are any to lose.
    if (draft.lines.length > 0) setAskCurrency(currency);
    else setDraft((d) => changeCurrency(d, currency));
  };
  // Decision 0031: lines move to another warehouse at its prices, after a confirmation of old → new.
  const pickWarehouse = (w: WarehouseMove['warehouse']) => {
    const currency = draft.currency;
    setMoveError(null);
    if (!currency || draft.lines.length === 0 || draft.warehouseId === null) {
      setDraft((d) => changeWarehouse(d, w));
      return;
    }
    queryClient
      .fetchQuery(availableProductsQuery(w.id, currency))
      .then((groups) =>
        setAskMove(
          moveToWarehouse(
            draft,
            w,
            groups.flatMap((g) => g.products),
          ),
        ),
      )
      .catch(setMoveError);
  };
  const offered = new Set((products.data ?? []).flatMap((g) => g.products.map((p) => p.id)));
  const saved = new Set(
    order.warehouse?.id === draft.warehouseId ? order.products.map((l) => l.product.product.id) : [],
  );
  const unavailable = new Set(
    products.data
      ? draft.lines.map((l) => l.product.id).filter((id) => !offered.has(id) && !saved.has(id))
      : [],
  );
  const ready = draft.warehouseId !== null && draft.currency !== null;
  const stale = isStale(save.error);
  const warehouseName =
    distances.data?.find((w) => w.id === draft.warehouseId)?.name ?? order.warehouse?.name ?? '';
  const badFields = save.error instanceof ApiError && save.error.status === 400 ? save.error.fields : [];

  return {
    draft,
    setDraft,
    saved$,
    restored,
    distances,
    products,
    stock,
    stockById,
    save,
    short,
    setShort,
    askCurrency,
    setAskCurrency,
    askMove,
    setAskMove,
    moveError,
    pickCurrency,
    pickWarehouse,
    unavailable,
    ready,
    stale,
    warehouseName,
    badFields,
  };
}
