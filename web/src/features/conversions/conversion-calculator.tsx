import type { ConversionQuery } from '@letokruh/contracts/conversions';
import { maxConversionProducts } from '@letokruh/contracts/conversions';
import type { CalculationType } from '@letokruh/contracts/rules/conversion';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import {
  type ConversionOptionItem,
  fetchConversionOptions,
  offeredProductsQuery,
  type ProductRef,
  stockQuery,
  submitConversion,
} from './api';
import { buildRequest, knownValues, type Line, preview } from './calculation';
import { OptionsStep, SubmitStep, TypeStep } from './conversion-steps';
import { LinesEditor } from './lines-editor';
import { coefficientDigits } from './option-card';

let nextKey = 1;
const newLine = (): Line => ({ key: nextKey++, productId: null, amount: '' });

type Props = {
  warehouseId: number;
  /** After a submitted conversion; the page goes back to the warehouse stock (domain.md §2.2). */
  onDone: () => void;
};

/**
 * The four-step product conversion of a warehouse (domain.md §2.2; §3.3): the calculation type,
 * the known values (up to three inputs from the stock and three outputs), the options the stock
 * covers, and the submit of the chosen one.
 */
export function ConversionCalculator({ warehouseId, onDone }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const access = useAccess();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [type, setType] = useState<CalculationType>('knowInputOutput');
  const [inputs, setInputs] = useState<Line[]>(() => [newLine()]);
  const [outputs, setOutputs] = useState<Line[]>(() => [newLine()]);
  const [coefficient, setCoefficient] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<ConversionQuery | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const stock = useQuery(stockQuery(warehouseId));
  const offered = useQuery({ ...offeredProductsQuery, enabled: access.can('view_product') });
  const known = knownValues(type);

  const stockById = new Map((stock.data ?? []).map((s) => [s.product.id, s]));
  const inputProducts: ProductRef[] = (stock.data ?? []).filter((s) => s.amount > 0).map((s) => s.product);
  const outputProducts: ProductRef[] = [
    ...(offered.data ?? []),
    ...(stock.data ?? []).map((s) => s.product).filter((p) => !offered.data?.some((o) => o.id === p.id)),
  ];

  const options = useMutation({
    mutationFn: (request: ConversionQuery) => fetchConversionOptions(warehouseId, request),
    onSuccess: (answer, request) => {
      setAsked(request);
      setChosen(answer.items.length === 1 ? '0' : null);
      setStep(2);
    },
    onError: (error) => setProblem(t(errorKey(error))),
  });
  const submit = useMutation({
    mutationFn: (option: ConversionOptionItem) =>
      submitConversion(warehouseId, {
        calculation_type: type,
        inputs: option.inputs.map((l) => ({ product_id: l.product.id, amount: l.amount })),
        outputs: option.outputs.map((l) => ({ product_id: l.product.id, amount: l.amount })),
        // The coefficient types need it to pass the schema; the server stores out ÷ in itself.
        ...(asked?.coefficient === undefined ? {} : { coefficient: asked.coefficient }),
      }),
    onSuccess: () => {
      // Stock, its history and the lists of other pages are all out of date; they reload when shown.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      notifications.show({ color: 'green', message: t('conversions.done') });
      onDone();
    },
  });

  const items = options.data?.items ?? [];
  const chosenOption = chosen === null ? undefined : items[Number(chosen)];
  const hint = preview(type, inputs, outputs, coefficient);

  const askOptions = () => {
    setProblem(null);
    const built = buildRequest(type, inputs, outputs, coefficient);
    if (!built.ok) {
      return setProblem(
        built.problem === 'missing' ? t('errors.missingFields') : t(`conversions.problems.${built.problem}`),
      );
    }
    options.mutate(built.request);
  };

  const goTo = (next: number) => {
    // Only steps already reached can be clicked; going back keeps what was typed.
    if (next < step) {
      setProblem(null);
      submit.reset();
      setStep(next);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stepper active={step} onStepClick={goTo} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('conversions.steps.type')} description={t('conversions.steps.typeHint')}>
          <TypeStep type={type} onType={setType} onNext={() => setStep(1)} />
        </Stepper.Step>

        <Stepper.Step label={t('conversions.steps.values')} description={t(`conversions.types.${type}`)}>
          <Stack mt="md">
            {problem ? (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            ) : null}
            {stock.error ? <Alert color="red">{t(errorKey(stock.error))}</Alert> : null}
            <LinesEditor
              title={t('conversions.inputs')}
              hint={known.inputs ? t('conversions.inputsKnown') : t('conversions.inputsComputed')}
              lines={inputs}
              onChange={setInputs}
              products={inputProducts}
              taken={[...inputs, ...outputs]}
              withAmounts={known.inputs}
              stockOf={(id) => stockById.get(id)?.amount}
              newLine={newLine}
              max={maxConversionProducts}
              side="input"
            />
            <LinesEditor
              title={t('conversions.outputs')}
              hint={known.outputs ? t('conversions.outputsKnown') : t('conversions.outputsComputed')}
              lines={outputs}
              onChange={setOutputs}
              products={outputProducts}
              taken={[...inputs, ...outputs]}
              withAmounts={known.outputs}
              stockOf={(id) => stockById.get(id)?.amount}
              newLine={newLine}
              max={maxConversionProducts}
              side="output"
            />
            {known.coefficient ? (
              <TextInput
                label={t('conversions.coefficient')}
                description={t('conversions.coefficientHint')}
                required
                inputMode="decimal"
                w={260}
                value={coefficient}
                onChange={(e) => setCoefficient(e.currentTarget.value)}
              />
            ) : null}
            {hint ? (
              <Text size="sm" c="dimmed" data-testid="conversion-preview">
                {t(`conversions.preview.${hint.kind}`, {
                  value:
                    hint.kind === 'coefficient'
                      ? format.decimal(hint.value, coefficientDigits)
                      : format.number(hint.value),
                })}
              </Text>
            ) : null}
            <Group>
              <Button variant="default" onClick={() => goTo(0)}>
                {t('common.back')}
              </Button>
              <Button onClick={askOptions} loading={options.isPending}>
                {t('conversions.showOptions')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('conversions.steps.options')} description={t('conversions.steps.optionsHint')}>
          <OptionsStep
            items={items}
            chosen={chosen}
            onChoose={setChosen}
            onBack={() => goTo(1)}
            onNext={() => setStep(3)}
          />
        </Stepper.Step>

        <Stepper.Step label={t('conversions.steps.submit')} description={t('conversions.steps.submitHint')}>
          <SubmitStep
            option={chosenOption}
            number={Number(chosen) + 1}
            error={submit.error}
            pending={submit.isPending}
            onBack={() => goTo(2)}
            onSubmit={(option) => submit.mutate(option)}
          />
        </Stepper.Step>
      </Stepper>
    </Paper>
  );
}
