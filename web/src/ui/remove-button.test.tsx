import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, t } from '../test-utils';
import { RemoveButton } from './remove-button';

describe('RemoveButton', () => {
  it('removes only once the question is answered, never on going back', async () => {
    const remove = vi.fn();
    const { user } = renderWithApp(
      <RemoveButton label="Odebrat" question="Odebrat produkt Smrk 4 m?" onRemove={remove} />,
    );
    await user.click(screen.getByRole('button', { name: 'Odebrat' }));
    const dialog = await screen.findByRole('dialog', { name: t('common.confirmTitle') });
    expect(within(dialog).getByText('Odebrat produkt Smrk 4 m?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('common.back') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Odebrat' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Odebrat' }));
    expect(remove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a name of its own in a list of rows, and shows the removal in progress', () => {
    renderWithApp(
      <RemoveButton
        label="Zahodit"
        aria-label="Zahodit koncept 2026000011"
        question="Zahodit?"
        onRemove={() => {}}
        pending
      />,
    );
    const button = screen.getByRole('button', { name: 'Zahodit koncept 2026000011' });
    expect(button.getAttribute('data-loading')).toBe('true');
  });
});
