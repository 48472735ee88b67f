import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, t } from '../test-utils';
import { FormCard, FormPage } from './form-page';

/** A form that refuses an empty name, as the add pages check before they call the server. */
function NameForm({ onSave, pending = false }: { onSave: (name: string) => void; pending?: boolean }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormPage back={{ to: '/warehouses', label: 'Zpět na sklady' }} title="Nový sklad" maw={640}>
      <FormCard
        onSubmit={() => (name ? onSave(name) : setProblem(t('errors.missingFields')))}
        problem={problem}
        submitLabel="Vytvořit sklad"
        pending={pending}
        cancel={{ to: '/warehouses' }}
      >
        <TextInput label="Název" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </FormCard>
    </FormPage>
  );
}

describe('FormPage and FormCard', () => {
  it('show the way back, the title, the fields, save and cancel', () => {
    renderWithApp(<NameForm onSave={() => {}} />, { path: '/warehouses/add' });
    expect(screen.getByRole('heading', { level: 2, name: 'Nový sklad' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zpět na sklady' }).getAttribute('href')).toBe('/warehouses');
    expect(screen.getByRole('link', { name: t('common.cancel') }).getAttribute('href')).toBe('/warehouses');
    expect(screen.getByRole('button', { name: 'Vytvořit sklad' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('say what stops the save on top, and save once the form is complete', async () => {
    const save = vi.fn();
    const { user } = renderWithApp(<NameForm onSave={save} />, { path: '/warehouses/add' });
    await user.click(screen.getByRole('button', { name: 'Vytvořit sklad' }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(save).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Název' }), 'Sklad Jihlava{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledWith('Sklad Jihlava'));
  });

  it('cancel by a callback, in its own words, when there is no page to go back to', async () => {
    const cancel = vi.fn();
    const { user } = renderWithApp(
      <FormCard onSubmit={() => {}} submitLabel="Uložit" cancel={{ onClick: cancel }} cancelLabel="Zavřít">
        <span />
      </FormCard>,
    );
    await user.click(screen.getByRole('button', { name: 'Zavřít' }));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('without a cancel, the save button stands alone and shows a save in progress', () => {
    renderWithApp(
      <FormCard onSubmit={() => {}} submitLabel="Uložit cenu" pending>
        <span />
      </FormCard>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button').getAttribute('data-loading')).toBe('true');
  });
});
