import { ErrorCode } from '@letokruh/contracts/errors';
import type { Clash, ShortStock } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCanListSuppliers } from '../../lib/reference-queries';
import { useCalendarSettings } from '../../ui/calendar/calendar-settings';
import { pickerMarks } from '../../ui/calendar/clash-marks';
import {
  addOrder,
  adtypesQuery,
  type ClashAnswer,
  calendarClosuresQuery,
  calendarDriverVacationsQuery,
  calendarOrdersQuery,
  orderCarsQuery,
  orderDriversQuery,
  ordersKey,
  saveIntern,
  suppliersQuery,
} from './api';
import {
  hoursShowing,
  type InternDraft,
  type InternField,
  internDraftOf,
  internPayloadOf,
  internProblems,
  optionsKeeping,
  personalCollection,
  restoredDelivery,
} from './intern-draft';
import { isStale } from './step-shell';

/** Where a saved form goes: the order's detail, the orders list, or the customer step of a new order. */
export type After = 'detail' | 'list' | 'next';
/** `reason`: the save goes on although products are short (domain.md §1.5), for this reason. */
type SaveCall = { after: After; confirm: boolean; reason?: string };

/**
 * The intern step's state (domain.md §1.2 step 3): the form (intern-draft), its checks, the lists to
 * choose from, the save with its clash question (domain.md §1.5), and the day calendar beside it.
 */
export function useOrderIntern(order: Order) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Owners, dispatchers and order readers list the suppliers (GET /suppliers); others keep the order's own.
  const listsSuppliers = useCanListSuppliers();
  const [draft, setDraft] = useState<InternDraft>(() => internDraftOf(order));
  const [invalid, setInvalid] = useState<InternField[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [clashes, setClashes] = useState<{ list: Clash[]; after: After } | null>(null);
  // The first save makes a draft an order and checks the stock again (domain.md §1.5 Short stock).
  const [short, setShort] = useState<{ list: ShortStock[]; after: After; confirm: boolean } | null>(null);
  const [settings, setSettings] = useCalendarSettings();
  const drivers = useQuery(orderDriversQuery(order.id));
  const cars = useQuery(orderCarsQuery(order.id));
  const suppliers = useQuery({ ...suppliersQuery, enabled: listsSuppliers });
  const adtypes = useQuery(adtypesQuery);

  const save = useMutation({
    mutationFn: async ({ after, confirm, reason }: SaveCall) => {
      const payload = {
        ...internPayloadOf(draft, order.version, confirm, restoredDelivery(draft, order)),
        ...(reason ? { confirm_short_stock: true, short_stock_reason: reason } : {}),
      };
      const { item: saved } = await saveIntern(order.id, payload);
      return { saved, after, next: after === 'next' ? await addOrder() : null };
    },
    onSuccess: ({ saved, after, next }) => {
      setClashes(null);
      setShort(null);
      queryClient.setQueryData([...ordersKey, 'item', order.id], saved);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      if (after === 'detail') void navigate(`/order/${order.id}`);
      else if (after === 'list') void navigate('/orders');
      else if (next !== null) void navigate(`/order/${next}/customer`);
    },
    onError: (error, { after, confirm }) => {
      // domain.md §1.5: overlapping deliveries are confirmed, then the same form goes again.
      if (error instanceof ApiError && error.errorCode === ErrorCode.overlapNeedsConfirmation) {
        const answer = error.answer as ClashAnswer;
        setClashes({ list: answer.clashes ?? [], after });
      }
      if (error instanceof ApiError && error.errorCode === ErrorCode.stockShortNeedsConfirmation) {
        setClashes(null);
        setShort({ list: (error.answer.short ?? []) as ShortStock[], after, confirm });
      }
    },
  });

  const set = <K extends keyof InternDraft>(key: K, value: InternDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setInvalid((fields) => fields.filter((f) => f !== key));
  };

  const submit = (after: After) => {
    const found = internProblems(draft);
    if (found) {
      setInvalid(found.fields);
      setProblem(t(`orderSteps.intern.${found.problem}`));
      return;
    }
    setInvalid([]);
    setProblem(null);
    save.mutate({ after, confirm: false });
  };

  const collection = draft.driver === personalCollection;
  const planned = useMemo(
    () =>
      draft.date && /^\d{2}:\d{2}$/.test(draft.time)
        ? {
            date: draft.date,
            time: draft.time,
            duration: draft.duration === '' ? 0 : draft.duration,
            // Personal collection: nobody drives, no travel blocks (decision 0031).
            travel: collection ? 0 : order.duration,
            title: `${order.calendar_name} (${t('orderSteps.intern.thisOrder')})`,
          }
        : null,
    [draft.date, draft.time, draft.duration, order.duration, order.calendar_name, collection, t],
  );
  const warehouseIds = useMemo(() => (order.warehouse ? [order.warehouse.id] : []), [order.warehouse]);
  // The pickers mark who is away or busy at the planned time (picker-marks): every warehouse's
  // orders that day, since a driver or a car may serve another warehouse too.
  const markDates = useMemo(() => (draft.date ? [draft.date] : []), [draft.date]);
  const dayOrders = useQuery(
    calendarOrdersQuery({ warehouses: warehouseIds, dates: markDates, combined: true, idOut: order.id }),
  );
  const dayVacations = useQuery(calendarDriverVacationsQuery(markDates));
  const dayClosures = useQuery(calendarClosuresQuery(warehouseIds, markDates));
  const marks = useMemo(
    () =>
      pickerMarks(
        planned,
        dayOrders.data ?? [],
        dayVacations.data ?? [],
        dayClosures.data ?? [],
        order.warehouse?.id ?? null,
      ),
    [planned, dayOrders.data, dayVacations.data, dayClosures.data, order.warehouse],
  );

  const stale = isStale(save.error);
  const serverFields = save.error instanceof ApiError && save.error.status === 400 ? save.error.fields : [];

  return {
    draft,
    set,
    submit,
    save,
    problem,
    stale,
    clashError:
      save.error instanceof ApiError &&
      (save.error.errorCode === ErrorCode.overlapNeedsConfirmation ||
        save.error.errorCode === ErrorCode.stockShortNeedsConfirmation),
    /** Products short at the first save: saved anyway with a reason, or back to the form. */
    shortQuestion: short && {
      short: short.list,
      saving: save.isPending,
      onSave: (reason: string) => save.mutate({ after: short.after, confirm: short.confirm, reason }),
      onBack: () => {
        setShort(null);
        save.reset();
      },
    },
    serverFields,
    /** A field to mark: found missing here, or refused by the server under its name. */
    bad: (field: InternField, serverName?: string) =>
      invalid.includes(field) || (serverName !== undefined && serverFields.includes(serverName)),
    collection,
    listsSuppliers,
    restored: restoredDelivery(draft, order),
    driverOptions: [
      { value: personalCollection, label: t('orderSteps.intern.personalCollection') },
      ...(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
    ],
    carOptions: (cars.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    marks,
    // The order's supplier and ad type stay selectable even when no longer in the lists.
    supplierOptions: optionsKeeping(
      (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
      order.default_supplier,
    ),
    adOptions: optionsKeeping(
      [
        { value: personalCollection, label: t('orderSteps.intern.noAdType') },
        ...(adtypes.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
      ],
      order.ad_type,
    ),
    settings,
    setSettings,
    calendar: {
      date: draft.date ?? pragueDay(),
      warehouseIds,
      planned,
      // The slot being planned is always in sight, even outside the chosen hours.
      ...hoursShowing(settings, planned),
    },
    /** The clash question (domain.md §1.5): going back saves nothing; confirming sends the same form again. */
    clashQuestion: {
      clashes: clashes?.list ?? null,
      day: draft.date,
      pending: save.isPending,
      onCancel: () => {
        setClashes(null);
        save.reset();
      },
      onConfirm: () => clashes && save.mutate({ after: clashes.after, confirm: true }),
    },
  };
}
