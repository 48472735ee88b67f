import type { FileItem } from '@letokruh/contracts/files';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customersEndpoints } from '../lib/routes';
import { field, renderWithApp, t } from '../test-utils';
import { FilesPanel } from './files-panel';

const makeFile = (id: number, overrides: Partial<FileItem> = {}): FileItem => ({
  id,
  name: 'smlouva.pdf',
  title: 'Rámcová smlouva',
  file_type: 'Jiné',
  content_type: 'application/pdf',
  size: 24_576,
  uploaded_by: { id: 2, first_name: 'Jan', last_name: 'Novák' },
  created: '2026-03-02T09:15:00.000Z',
  ...overrides,
});

function renderPanel(canChange = true, fileTypes: readonly [string, ...string[]] = ['Jiné']) {
  const onChanged = vi.fn();
  const rendered = renderWithApp(
    <FilesPanel
      endpoints={customersEndpoints}
      id={5}
      files={[makeFile(1), makeFile(2, { title: 'Plánek dvora', name: 'dvur.png', size: 300 })]}
      fileTypes={fileTypes}
      canChange={canChange}
      onChanged={onChanged}
    />,
    {
      fetch: {
        'POST /api/customer/5/files/add': { status: 201, body: { item: makeFile(3) } },
        'DELETE /api/customer/5/files/2/delete': { body: { ok: true } },
      },
    },
  );
  return { ...rendered, onChanged };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('FilesPanel', () => {
  it('lists the files with their type, size, uploader and a download link under the base path', async () => {
    renderPanel();
    const row = screen.getByText('Rámcová smlouva').closest('tr') as HTMLElement;
    expect(within(row).getByText(t('files.types.other'))).toBeTruthy();
    expect(within(row).getByText('24 kB')).toBeTruthy();
    expect(within(row).getByText('Jan Novák')).toBeTruthy();
    const download = within(row).getByRole('link', {
      name: t('files.downloadOf', { title: 'Rámcová smlouva' }),
    });
    expect(download.getAttribute('href')).toBe('/api/customer/5/files/1/download');
    expect(download.getAttribute('download')).toBe('smlouva.pdf');
  });

  it('an upload without a title or file shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderPanel();
    await user.click(screen.getByRole('button', { name: t('files.upload') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('POST /api/customer/5/files/add')).toEqual([]);
  });

  it('uploads title, file_type and file as multipart, then asks for the record again', async () => {
    const { user, api, onChanged } = renderPanel(true, ['Dodací list', 'Faktura', 'Jiné']);
    await user.type(field(t('files.title')), 'Dodací list 17');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'dl-17.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: t('files.upload') }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const form = api.sent('POST /api/customer/5/files/add')[0]?.body as FormData;
    expect(form.get('title')).toBe('Dodací list 17');
    expect(form.get('file_type')).toBe('Dodací list');
    expect((form.get('file') as File).name).toBe('dl-17.pdf');
    expect(field(t('files.title')).value).toBe('');
  });

  it('deletes after a confirmation, then asks for the record again', async () => {
    const { user, api, onChanged } = renderPanel();
    await user.click(screen.getByRole('button', { name: t('files.deleteOf', { title: 'Plánek dvora' }) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(t('files.deleteQuestion', { title: 'Plánek dvora' }));
    expect(api.sent('DELETE /api/customer/5/files/2/delete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t('common.delete') }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.sent('DELETE /api/customer/5/files/2/delete')).toHaveLength(1);
  });

  it('without the right to change, only lists and downloads', () => {
    renderPanel(false);
    expect(screen.getAllByRole('link', { name: new RegExp(t('files.download')) })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: t('files.upload') })).toBeNull();
    expect(screen.queryByRole('button', { name: /Smazat/ })).toBeNull();
  });
});
