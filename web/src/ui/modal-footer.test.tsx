import { Modal } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, t } from '../test-utils';
import { ModalFooter } from './modal-footer';

describe('ModalFooter', () => {
  it('cancels, or confirms by its own action', async () => {
    const cancel = vi.fn();
    const confirm = vi.fn();
    const { user } = renderWithApp(
      <Modal opened onClose={cancel} title="Deaktivovat uživatele?">
        <ModalFooter onCancel={cancel} confirmLabel="Deaktivovat" onConfirm={confirm} color="red" />
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deaktivovat uživatele?' });
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    const action = within(dialog).getByRole('button', { name: 'Deaktivovat' });
    expect(action.getAttribute('type')).toBe('button');
    await user.click(action);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("without an action of its own, confirming submits the dialog's form", async () => {
    const { user } = renderWithApp(<DownloadForm />);
    await user.click(screen.getByRole('button', { name: 'Stáhnout' }));
    expect(await screen.findByText('Odesláno: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ponechat +420' }));
    await waitFor(() => expect(screen.getByText('Zrušeno: 1')).toBeTruthy());
  });

  it('shows a save in progress on the action only', () => {
    renderWithApp(<ModalFooter onCancel={() => {}} confirmLabel="Odeslat" onConfirm={() => {}} pending />);
    expect(screen.getByRole('button', { name: 'Odeslat' }).getAttribute('data-loading')).toBe('true');
    expect(screen.getByRole('button', { name: t('common.cancel') }).hasAttribute('data-loading')).toBe(false);
  });
});

function DownloadForm() {
  const [sent, setSent] = useState(0);
  const [cancelled, setCancelled] = useState(0);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setSent((n) => n + 1);
      }}
    >
      <p>{`Odesláno: ${sent}`}</p>
      <p>{`Zrušeno: ${cancelled}`}</p>
      <ModalFooter
        onCancel={() => setCancelled((n) => n + 1)}
        cancelLabel="Ponechat +420"
        confirmLabel="Stáhnout"
      />
    </form>
  );
}
