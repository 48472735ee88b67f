import type { FunctionName } from '@letokruh/contracts/permissions';
import type { ProductBase } from '@letokruh/contracts/products';
import type { ProductStock } from '@letokruh/contracts/stock';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { ConversionCalculator } from './conversion-calculator';

type User = ReturnType<typeof renderWithApp>['user'];

type StockProduct = ProductStock['product'];

/** A product as the warehouse's stock names it (decision 0064's stock rows). */
const product = (id: number, name: string): StockProduct => ({
  id,
  name,
  shorten_name: name.slice(0, 3),
  type: 'Měkké',
  length: 33,
  measurement_unit: 'PRMS',
  hidden: false,
});
/** The same product among those on offer (`GET /unhidden_products`). */
const offered = ({ hidden, ...rest }: StockProduct): ProductBase => ({ ...rest, subtype: 'soft' });
/** A pile of `amount` on hand in warehouse 4 that no order holds. */
const pile = (item: StockProduct, amount: number): ProductStock => ({
  warehouse_id: 4,
  product: item,
  amount,
  reserved: 0,
  available: amount,
  projected: amount,
  projected_date: '2026-12-07',
});
const log = product(1, 'Smrk kulatina');
const split = product(2, 'Smrk štípaný');
const chips = product(3, 'Třísky');
const stock = { items: [pile(log, 10), pile(split, 0)], total: 2 };
const ref = (p: typeof log) => ({ id: p.id, name: p.name, measurement_unit: p.measurement_unit });
const option = {
  inputs: [{ product: ref(log), amount: 4, stock: 10 }],
  outputs: [{ product: ref(split), amount: 6, stock: 0 }],
  coefficient: 1.5,
};

function renderCalculator(fetch: MockRoutes = {}, functions: FunctionName[] = ['warehouseman']) {
  const onDone = vi.fn();
  const rendered = renderWithApp(<ConversionCalculator warehouseId={4} onDone={onDone} />, {
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/warehouse/4/product_stock': { body: stock },
      'GET /api/unhidden_products': { body: { items: [log, split, chips].map(offered) } },
      'GET /api/warehouse/4/product_conversions': { body: { items: [option], error: false } },
      'PUT /api/warehouse/4/product_conversion/submit': {
        body: {
          item: {
            id: 1,
            warehouse_id: 4,
            calculation_type: 'knowInputOutput',
            coefficient: 1.5,
            inputs: [{ product: ref(log), amount: 4, amount_after: 6 }],
            outputs: [{ product: ref(split), amount: 6, amount_after: 6 }],
            created: '2026-12-07T09:00:00.000Z',
          },
        },
      },
      ...fetch,
    },
  });
  return { ...rendered, onDone };
}

/** Opens the Select labelled `label` and clicks `option` (hidden: Mantine's list is mid-transition in jsdom). */
async function pick(user: User, label: string, name: string | RegExp) {
  const input = field(label);
  await user.click(input);
  const list = await waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error(`the list of ${label} did not open`);
    return element;
  });
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

async function fill(user: User, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

const next = (user: User) => user.click(screen.getByRole('button', { name: t('conversions.next') }));

describe('ConversionCalculator', () => {
  it('knowInputOutput: four steps from the known amounts to the submitted option, then back to the stock', async () => {
    const { user, api, onDone } = renderCalculator();
    await user.click(screen.getByRole('radio', { name: new RegExp(t('conversions.types.knowInputOutput')) }));
    await next(user);

    const input1 = t('conversions.inputNumber', { number: 1 });
    const output1 = t('conversions.outputNumber', { number: 1 });
    // Inputs come from the stock with something in it; outputs from the products on offer.
    await pick(user, input1, /Smrk kulatina \(skladem 10 PRMS\)/);
    await fill(user, t('conversions.amountOf', { label: input1 }), '4');
    await pick(user, output1, /Smrk štípaný/);
    await fill(user, t('conversions.amountOf', { label: output1 }), '6');
    expect(screen.getByTestId('conversion-preview').textContent).toBe(
      t('conversions.preview.coefficient', { value: '1,5' }),
    );
    await user.click(screen.getByRole('button', { name: t('conversions.showOptions') }));

    const asked = await waitFor(() => {
      const request = api.sent('GET /api/warehouse/4/product_conversions')[0];
      if (!request) throw new Error('not asked yet');
      return request;
    });
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      calculation_type: 'knowInputOutput',
      inputs: '1:4',
      outputs: '2:6',
    });
    // The only option is chosen already.
    expect(await screen.findByText(t('conversions.chooseOption'))).toBeTruthy();
    expect(screen.getByText(t('conversions.coefficientValue', { value: '1,5' }))).toBeTruthy();
    await next(user);
    await user.click(screen.getByRole('button', { name: t('conversions.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.sent('PUT /api/warehouse/4/product_conversion/submit')[0]?.body).toEqual({
      calculation_type: 'knowInputOutput',
      inputs: [{ product_id: 1, amount: 4 }],
      outputs: [{ product_id: 2, amount: 6 }],
    });
  });

  it('knowInputKoeficient asks for the coefficient, sends it, and says "no option" when the stock covers none', async () => {
    const { user, api } = renderCalculator({
      'GET /api/warehouse/4/product_conversions': { body: { items: [], error: true } },
    });
    await user.click(
      screen.getByRole('radio', { name: new RegExp(t('conversions.types.knowInputKoeficient')) }),
    );
    await next(user);
    const input1 = t('conversions.inputNumber', { number: 1 });
    await pick(user, input1, /Smrk kulatina/);
    await fill(user, t('conversions.amountOf', { label: input1 }), '40');
    await pick(user, t('conversions.outputNumber', { number: 1 }), /Třísky/);
    // Outputs of a coefficient type take no amount.
    const amountOfOutput = t('conversions.amountOf', { label: t('conversions.outputNumber', { number: 1 }) });
    expect(screen.queryByLabelText(amountOfOutput, { exact: false })).toBeNull();
    await user.click(screen.getByRole('button', { name: t('conversions.showOptions') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('GET /api/warehouse/4/product_conversions')).toEqual([]);
    await fill(user, t('conversions.coefficient'), '1,2');
    await user.click(screen.getByRole('button', { name: t('conversions.showOptions') }));
    expect(await screen.findByText(t('conversions.noOption'))).toBeTruthy();
    expect(
      Object.fromEntries(api.sent('GET /api/warehouse/4/product_conversions')[0]?.url.searchParams ?? []),
    ).toEqual({
      calculation_type: 'knowInputKoeficient',
      inputs: '1:40',
      outputs: '3',
      coefficient: '1.2',
    });
    expect(screen.queryByRole('button', { name: t('conversions.next') })).toBeNull();
  });

  it('knowOutputKoeficient: inputs without amounts, several options, the chosen one is submitted', async () => {
    const twoPiles = {
      items: [...stock.items, pile(chips, 5)],
      total: 3,
    };
    const even = {
      inputs: [
        { product: ref(log), amount: 2, stock: 10 },
        { product: ref(chips), amount: 2, stock: 5 },
      ],
      outputs: [{ product: ref(split), amount: 6, stock: 0 }],
      coefficient: 1.5,
    };
    const allOnLog = { ...even, inputs: [{ product: ref(log), amount: 4, stock: 10 }] };
    const { user, api, onDone } = renderCalculator({
      'GET /api/warehouse/4/product_stock': { body: twoPiles },
      'GET /api/warehouse/4/product_conversions': { body: { items: [even, allOnLog], error: false } },
    });
    await user.click(
      screen.getByRole('radio', { name: new RegExp(t('conversions.types.knowOutputKoeficient')) }),
    );
    await next(user);
    const input1 = t('conversions.inputNumber', { number: 1 });
    await pick(user, input1, /Smrk kulatina/);
    // Inputs are computed: they take no amount.
    expect(
      screen.queryByLabelText(t('conversions.amountOf', { label: input1 }), { exact: false }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: t('conversions.addInput') }));
    await pick(user, t('conversions.inputNumber', { number: 2 }), /Třísky/);
    const output1 = t('conversions.outputNumber', { number: 1 });
    await pick(user, output1, /Smrk štípaný/);
    await fill(user, t('conversions.amountOf', { label: output1 }), '6');
    await fill(user, t('conversions.coefficient'), '1,5');
    await user.click(screen.getByRole('button', { name: t('conversions.showOptions') }));

    const second = await screen.findByRole('radio', { name: t('conversions.optionNumber', { number: 2 }) });
    expect(
      Object.fromEntries(api.sent('GET /api/warehouse/4/product_conversions')[0]?.url.searchParams ?? []),
    ).toEqual({
      calculation_type: 'knowOutputKoeficient',
      inputs: '1,3',
      outputs: '2:6',
      coefficient: '1.5',
    });
    // Two options: none is chosen for the user.
    expect(screen.getByRole('button', { name: t('conversions.next') })).toHaveProperty('disabled', true);
    await user.click(second);
    await next(user);
    await user.click(screen.getByRole('button', { name: t('conversions.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.sent('PUT /api/warehouse/4/product_conversion/submit')[0]?.body).toEqual({
      calculation_type: 'knowOutputKoeficient',
      inputs: [{ product_id: 1, amount: 4 }],
      outputs: [{ product_id: 2, amount: 6 }],
      coefficient: 1.5,
    });
  });

  it('up to three inputs: the add button goes away at the third, a product is offered once', async () => {
    const { user } = renderCalculator({
      'GET /api/warehouse/4/product_stock': {
        body: {
          items: [1, 2, 3, 4].map((id) => pile(product(id, `Produkt ${id}`), 5)),
          total: 4,
        },
      },
    });
    await next(user);
    await pick(user, t('conversions.inputNumber', { number: 1 }), /Produkt 1/);
    await user.click(screen.getByRole('button', { name: t('conversions.addInput') }));
    await user.click(screen.getByRole('button', { name: t('conversions.addInput') }));
    expect(screen.queryByRole('button', { name: t('conversions.addInput') })).toBeNull();
    const input2 = field(t('conversions.inputNumber', { number: 2 }));
    await user.click(input2);
    const list = document.getElementById(input2.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(list)
        .getByRole('option', { name: /Produkt 1/, hidden: true })
        .getAttribute('data-combobox-disabled'),
    ).toBe('true');
  });

  it('a submit the stock no longer covers (409) says so and stays', async () => {
    const { user, onDone } = renderCalculator({
      'PUT /api/warehouse/4/product_conversion/submit': {
        status: 409,
        body: { error_code: 140, message: 'stock' },
      },
    });
    await next(user);
    const input1 = t('conversions.inputNumber', { number: 1 });
    const output1 = t('conversions.outputNumber', { number: 1 });
    await pick(user, input1, /Smrk kulatina/);
    await fill(user, t('conversions.amountOf', { label: input1 }), '4');
    await pick(user, output1, /Smrk štípaný/);
    await fill(user, t('conversions.amountOf', { label: output1 }), '6');
    await user.click(screen.getByRole('button', { name: t('conversions.showOptions') }));
    await screen.findByText(t('conversions.chooseOption'));
    await next(user);
    await user.click(screen.getByRole('button', { name: t('conversions.submit') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('conversions.stockChanged'));
    expect(onDone).not.toHaveBeenCalled();
  });
});
