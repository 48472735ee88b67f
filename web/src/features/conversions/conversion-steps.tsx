import { type CalculationType, calculationTypes } from '@letokruh/contracts/rules/conversion';
import { Alert, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import type { ConversionOptionItem } from './api';
import { OptionCard } from './option-card';

/** Step 1: which values are known (domain.md §2.2: the three calculation types). */
export function TypeStep({
  type,
  onType,
  onNext,
}: {
  type: CalculationType;
  onType: (type: CalculationType) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack mt="md">
      <Radio.Group
        value={type}
        onChange={(v) => onType(v as CalculationType)}
        label={t('conversions.typeQuestion')}
      >
        <Stack gap="xs" mt="xs">
          {calculationTypes.map((value) => (
            <Radio.Card key={value} value={value} p="sm" radius="sm">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={500}>{t(`conversions.types.${value}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`conversions.typeHints.${value}`)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button onClick={onNext}>{t('conversions.next')}</Button>
      </Group>
    </Stack>
  );
}

type OptionsProps = {
  items: ConversionOptionItem[];
  /** The index of the option picked, as the radio group's value. */
  chosen: string | null;
  onChoose: (chosen: string | null) => void;
  onBack: () => void;
  onNext: () => void;
};

/** Step 3: the ways the stock covers, or the "no option" message (decision 0008). */
export function OptionsStep({ items, chosen, onChoose, onBack, onNext }: OptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack mt="md">
      {items.length === 0 ? (
        <Alert color="orange" title={t('conversions.noOption')}>
          {t('conversions.noOptionHint')}
        </Alert>
      ) : (
        <Radio.Group value={chosen} onChange={onChoose} label={t('conversions.chooseOption')}>
          <Stack gap="xs" mt="xs">
            {items.map((option, index) => (
              <Radio.Card
                // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; the list is replaced whole
                key={index}
                value={String(index)}
                p="sm"
                radius="sm"
                aria-label={t('conversions.optionNumber', { number: index + 1 })}
              >
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <OptionCard option={option} number={index + 1} />
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group>
        <Button variant="default" onClick={onBack}>
          {t('common.back')}
        </Button>
        {items.length > 0 ? (
          <Button disabled={chosen === null || !items[Number(chosen)]} onClick={onNext}>
            {t('conversions.next')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

type SubmitProps = {
  option: ConversionOptionItem | undefined;
  number: number;
  error: unknown;
  pending: boolean;
  onBack: () => void;
  onSubmit: (option: ConversionOptionItem) => void;
};

/** Step 4: the option chosen, written at once with its ledger rows (decision 0008). */
export function SubmitStep({ option, number, error, pending, onBack, onSubmit }: SubmitProps) {
  const { t } = useTranslation();
  return (
    <Stack mt="md">
      {error ? (
        <Alert color="red" role="alert">
          {error instanceof ApiError && error.status === 409
            ? t('conversions.stockChanged')
            : t(errorKey(error))}
        </Alert>
      ) : null}
      {option ? (
        <Paper withBorder p="sm">
          <OptionCard option={option} number={number} />
        </Paper>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('conversions.submitHint')}
      </Text>
      <Group>
        <Button variant="default" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button color="green" loading={pending} disabled={!option} onClick={() => option && onSubmit(option)}>
          {t('conversions.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
