import '@mantine/dates/styles.css';
import 'dayjs/locale/cs';
import 'dayjs/locale/en-gb';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { preloadable, useLoaded } from '../../lib/preloadable';
import { useFormat } from '../../ui/format';
import { ModalFooter } from '../../ui/modal-footer';
import { DashboardPanel } from './dashboard-panel';
import { updateDashboardState as update, useDashboardField } from './dashboard-state';
import { useDashboard } from './use-dashboard';
import type { WeekCalendarProps } from './week-grid';

// Web speed (decision 0047): the week's code is fetched as the page's module runs but does not hold
// back its first paint: the header, the week's title (the LCP element) and the left panel draw
// while it loads.
const WeekCalendar = preloadable(() => import('./week-grid').then((m) => ({ default: m.WeekCalendar })));
void WeekCalendar.preload().catch(() => {});
// What a click opens (the order's overlay, a clash, the day's print) and the day view are code of
// their own, asked for as the page mounts: the first paint does not wait for them.
const OrderOverlay = preloadable(() => import('./order-overlay').then((m) => ({ default: m.OrderOverlay })));
const ClashDialog = preloadable(() =>
  import('../../ui/calendar/clash-dialog').then((m) => ({ default: m.ClashDialog })),
);
const DaySheet = preloadable(() => import('./day-sheet').then((m) => ({ default: m.DaySheet })));
const DriverDay = preloadable(() => import('./driver-day').then((m) => ({ default: m.DriverDay })));

/** Where the calendar will be, while its code or its first week loads. */
const placeholder = <Box mih={480} data-testid="week-calendar-loading" />;

/**
 * The week calendar with the open order highlighted. Only this and the overlay follow the open
 * order: opening or closing it does not render the page (nor FullCalendar) again.
 */
function DashboardCalendar({
  hold,
  ...props
}: Omit<WeekCalendarProps, 'highlightedOrderId' | 'onOrderClick'> & { hold: boolean }) {
  const orderId = useDashboardField('orderId');
  const open = useCallback((id: number) => update({ orderId: id }), []);
  if (hold) return placeholder;
  // Decision 0026: the day is a column per driver (FullCalendar's resource views are not MIT).
  if (props.view === 'day')
    return (
      <Suspense fallback={placeholder}>
        <DriverDay
          date={props.date}
          orders={props.orders}
          closures={props.closures}
          driverVacations={props.driverVacations}
          startHour={props.startHour}
          endHour={props.endHour}
          showIds={props.showIds}
          showTravel={props.showTravel}
          highlightedOrderId={orderId}
          onOrderClick={open}
        />
      </Suspense>
    );
  return (
    <Suspense fallback={placeholder}>
      <WeekCalendar {...props} highlightedOrderId={orderId} onOrderClick={open} />
    </Suspense>
  );
}

/** The overlay of the open order, when the calendar shows it. */
function DashboardOverlay({ orders, canEdit }: { orders: CalendarEntry[]; canEdit: boolean }) {
  const orderId = useDashboardField('orderId');
  const entry = orders.find((o) => o.id === orderId) ?? null;
  const close = useCallback(() => update({ orderId: null }), []);
  // Closed, it waits for its code without a Suspense fallback (decision 0100).
  const loaded = useLoaded(OrderOverlay);
  if (!loaded && entry === null) return null;
  return (
    <Suspense fallback={null}>
      <OrderOverlay entry={entry} opened={entry !== null} canEdit={canEdit} onClose={close} />
    </Suspense>
  );
}

/** domain.md §1.2 Dashboard: the delivery calendar with its left panel and the order overlay. */
export function DashboardPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const d = useDashboard();
  const { access, small, view, week$, calendar, drawn, print, move } = d;
  const clashDialogLoaded = useLoaded(ClashDialog);
  if (!access.user) return null;
  // The loading line shows over the last week drawn while the next loads.
  const loadingLine = week$.loading && !week$.empty;

  return (
    <Group align="flex-start" gap="md" wrap={small ? 'wrap' : 'nowrap'}>
      <DashboardPanel
        small={small}
        date={d.pickerDate}
        selected={d.selected}
        warehouses={d.warehouses.data}
        settings={d.settings}
        onSettings={d.setSettings}
      />

      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <ActionIcon
              variant="default"
              size={small ? 44 : 'lg'}
              onClick={() => d.go(-1)}
              aria-label={t('dashboard.previous')}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={d.today} h={small ? 44 : undefined}>
              {t('dashboard.today')}
            </Button>
            <ActionIcon
              variant="default"
              size={small ? 44 : 'lg'}
              onClick={() => d.go(1)}
              aria-label={t('dashboard.next')}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Title order={2} size="h3" data-testid="calendar-title">
            {d.title}
          </Title>
          <Group gap="xs">
            {small ? null : (
              <SegmentedControl
                value={d.state.view}
                onChange={(v) => d.changeView(v as 'week' | 'day')}
                data={[
                  { value: 'week', label: t('dashboard.view.week') },
                  { value: 'day', label: t('dashboard.view.day') },
                ]}
              />
            )}
            {view === 'day' ? (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                loading={print.pending}
                onClick={print.start}
              >
                {t('dashboard.print')}
              </Button>
            ) : null}
          </Group>
        </Group>
        {!d.canView ? <Alert color="yellow">{t('dashboard.noOrders')}</Alert> : null}
        {week$.error ? <Alert color="red">{t(errorKey(week$.error))}</Alert> : null}
        {d.selected.length === 0 && d.warehouses.data ? (
          <Alert color="blue">{t('dashboard.chooseWarehouse')}</Alert>
        ) : null}
        <Box pos="relative">
          <LoadingOverlay visible={week$.loading && week$.empty} />
          {/* Animated only while shown: hidden, a running animation still takes frames (and a
              laptop's battery) all day long. */}
          <Progress
            className="calendar-loading-line"
            value={100}
            animated={loadingLine}
            size="xs"
            role="status"
            aria-label={t('dashboard.loading')}
            data-testid="calendar-loading"
            style={{ visibility: loadingLine ? 'visible' : 'hidden' }}
          />
          <DashboardCalendar
            hold={calendar.hold}
            date={calendar.date}
            view={calendar.view}
            orders={calendar.orders}
            closures={calendar.closures}
            driverVacations={calendar.driverVacations}
            startHour={drawn.start}
            endHour={drawn.end}
            showIds={drawn.showIds}
            showTravel={drawn.showTravel}
            canReschedule={access.canCall('PUT /order/:id/reschedule')}
            onDayClick={d.dayClick}
            onOrderDrop={d.orderDrop}
          />
        </Box>
      </Stack>

      <DashboardOverlay orders={week$.orders} canEdit={access.canCall('POST /order/:id/items')} />
      <Modal
        opened={move !== null && move.clashes === null}
        onClose={d.cancelMove}
        title={t('dashboard.move.title')}
        centered
      >
        {move ? (
          <Stack>
            <Text>
              {t('dashboard.move.question', {
                number: move.order.intern_id,
                name: move.order.calendar_name,
                from: `${format.day(move.order.expected_delivery_date)} ${move.order.expected_delivery_time}`,
                to: `${format.day(move.to.date)} ${move.to.time}`,
              })}
            </Text>
            {d.moveWarnings.length > 0 ? (
              <Alert color="orange" title={t('dashboard.move.warnings')} data-testid="move-warnings">
                <Stack gap={2}>
                  {d.moveWarnings.map((w) => (
                    <Text key={w} size="sm">
                      {w}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            <ModalFooter
              onCancel={d.cancelMove}
              confirmLabel={
                d.moveWarnings.length > 0 ? t('dashboard.move.confirmAnyway') : t('dashboard.move.confirm')
              }
              color={d.moveWarnings.length > 0 ? 'orange' : undefined}
              onConfirm={() => d.send(false)}
              pending={d.reschedule.isPending}
            />
          </Stack>
        ) : null}
      </Modal>
      {clashDialogLoaded || move?.clashes ? (
        <Suspense fallback={null}>
          <ClashDialog
            clashes={move?.clashes ?? null}
            day={move?.to.date ?? null}
            pending={d.reschedule.isPending}
            onConfirm={() => d.send(true)}
            onCancel={d.cancelMove}
          />
        </Suspense>
      ) : null}
      {/* Only the day view prints (decision 0014); at a busy week the sheet was a thousand rows drawn
          on every week switch (decision 0026), and it needs the whole orders (decision 0049). */}
      {view === 'day' && print.orders ? (
        <Suspense fallback={null}>
          <DaySheet date={print.date} orders={print.orders} />
        </Suspense>
      ) : null}
    </Group>
  );
}
