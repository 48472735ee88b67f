import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type VacationState = 'upcoming' | 'current' | 'past';

/** Where a vacation stands on the Prague calendar day today. */
export function vacationState(from: string, to: string, today = pragueDay()): VacationState {
  if (to < today) return 'past';
  if (from > today) return 'upcoming';
  return 'current';
}

const colors: Record<VacationState, string> = { upcoming: 'blue', current: 'orange', past: 'gray' };

export function VacationStateBadge({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const state = vacationState(from, to);
  return (
    <Badge color={colors[state]} variant="light" tt="none">
      {t(`vacations.states.${state}`)}
    </Badge>
  );
}

/** Days of a vacation, both ends included. */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}
