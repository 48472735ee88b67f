import { Box, Button, Checkbox, Collapse, Paper, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import type { OwnWarehouse } from '../../lib/reference-queries';
import { useAccess } from '../../lib/session';
import { type CalendarSettings, CalendarSettingsFields } from '../../ui/calendar/calendar-settings';
import { addOrder } from '../order-steps/api';
import { updateDashboardState as update } from './dashboard-state';

type Props = {
  small: boolean;
  date: string;
  selected: number[];
  warehouses: OwnWarehouse[] | undefined;
  settings: CalendarSettings;
  onSettings: (next: CalendarSettings) => void;
};

/**
 * The dashboard's left panel (domain.md §1.2): Add order, the month picker, the warehouses and the
 * calendar settings. Memoised (decision 0047): the week's orders arriving or the open order changing do
 * not draw the month picker again (Mantine's DatePicker with dayjs is slow to render; figures:
 * bench/results/2026-11-29-comment-figures.md).
 */
export const DashboardPanel = memo(function DashboardPanel({
  small,
  date,
  selected,
  warehouses,
  settings,
  onSettings,
}: Props) {
  const { t, i18n } = useTranslation();
  const access = useAccess();
  const navigate = useNavigate();
  // Decision 0032: on a phone the month picker and settings fold away, so the calendar shows first.
  const [pickerOpen, { toggle: togglePicker }] = useDisclosure(false);
  const create = useMutation({
    mutationFn: addOrder,
    onSuccess: (id) => navigate(`/order/${id}/customer`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  return (
    <Paper withBorder p="sm" w={small ? '100%' : 280} style={{ flexShrink: 0 }}>
      <Stack gap="md">
        {access.canCall('GET /order/add') ? (
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {t('dashboard.addOrder')}
          </Button>
        ) : null}
        {small ? (
          <Button
            variant="default"
            onClick={togglePicker}
            aria-expanded={pickerOpen}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {t('dashboard.pickerAndSettings')}
          </Button>
        ) : null}
        <Collapse expanded={!small || pickerOpen}>
          <Stack gap="md">
            <DatePicker
              value={date}
              onChange={(day) => day && update({ date: day.slice(0, 10) })}
              locale={i18n.language === 'en' ? 'en-gb' : 'cs'}
              firstDayOfWeek={1}
              size="xs"
              aria-label={t('dashboard.pickDate')}
              ariaLabels={{
                previousMonth: t('dashboard.previousMonth'),
                nextMonth: t('dashboard.nextMonth'),
                previousYear: t('dashboard.previousYear'),
                nextYear: t('dashboard.nextYear'),
                previousDecade: t('dashboard.previousDecade'),
                nextDecade: t('dashboard.nextDecade'),
              }}
            />
            <Checkbox.Group
              label={t('dashboard.warehouses')}
              value={selected.map(String)}
              onChange={(values) => update({ warehouses: values.map(Number) })}
            >
              <Stack gap={6} mt={6}>
                {(warehouses ?? []).map((w) => (
                  <Checkbox
                    key={w.id}
                    value={String(w.id)}
                    label={w.name}
                    color={w.color}
                    styles={{ label: { fontWeight: 500 } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Box>
              <Text size="sm" fw={500} mb={4}>
                {t('dashboard.settings')}
              </Text>
              <CalendarSettingsFields value={settings} onChange={onSettings} withCombined={false} />
            </Box>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
});
