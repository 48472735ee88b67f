import type { Route } from '@letokruh/contracts/endpoint';
import type { FileEndpoints, FileItem } from '@letokruh/contracts/files';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBase, call, errorKey, pathOf } from '../lib/api-client';
import { useFormat } from './format';
import { ModalFooter } from './modal-footer';

/** The routes of contracts' `fileEndpoints` (decision 0096). */
type FileRoutes = { [K in keyof FileEndpoints]: Route<FileEndpoints[K]> };

type Props = {
  /** The file calls of the record's kind (contracts' `fileEndpoints`) and the record's id. */
  endpoints: FileRoutes;
  id: number;
  files: FileItem[];
  /** domain.md §2.9: customers Jiné; orders Dodací list, Faktura, Jiné; transportations Dodací list, Jiné. */
  fileTypes: readonly [string, ...string[]];
  /** Upload and delete; without it the panel only lists and downloads. */
  canChange: boolean;
  /** Whether one file's delete would pass (a driver's own uploads, decision 0029); else canChange. */
  canDelete?: (file: FileItem) => boolean;
  /** Called after an upload or a delete, so that the record is reloaded (domain.md §2.4). */
  onChanged: () => void;
};

/** Known file types shown in the user's language; the stored value stays domain.md's Czech name. */
const typeKeys: Record<string, string> = { Jiné: 'other', 'Dodací list': 'deliveryNote', Faktura: 'invoice' };

export function useFileTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => (typeKeys[type] ? t(`files.types.${typeKeys[type]}`) : type);
}

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} kB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The files of a customer, an order or a transportation: upload, download, delete. */
export function FilesPanel({ endpoints, id, files, fileTypes, canChange, canDelete, onChanged }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeLabel = useFileTypeLabel();
  const [deleting, setDeleting] = useState<FileItem | null>(null);
  const remove = useMutation({
    mutationFn: (file: FileItem) => call(endpoints.deleteFile, { params: { id, fileId: file.id } }),
    onSuccess: () => {
      setDeleting(null);
      notifications.show({ color: 'green', message: t('files.deleted') });
      onChanged();
    },
    onError: (error) => {
      setDeleting(null);
      notifications.show({ color: 'red', message: t(errorKey(error)) });
    },
  });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('files.heading')}</Title>
        {files.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('files.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('files.title')}</Table.Th>
                  <Table.Th>{t('files.fileType')}</Table.Th>
                  <Table.Th>{t('files.file')}</Table.Th>
                  <Table.Th>{t('files.uploaded')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td fw={500}>{file.title}</Table.Td>
                    <Table.Td>{typeLabel(file.file_type)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{file.name}</Text>
                      <Text size="xs" c="dimmed">
                        {sizeText(file.size)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{format.dateShort(file.created)}</Text>
                      {file.uploaded_by ? (
                        <Text size="xs" c="dimmed">
                          {`${file.uploaded_by.first_name} ${file.uploaded_by.last_name}`.trim()}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {/* A plain link: the browser saves the file under the name the server gives it. */}
                        <Button
                          component="a"
                          href={apiBase + pathOf(endpoints.downloadFile.path, { id, fileId: file.id })}
                          download={file.name}
                          size="compact-sm"
                          variant="default"
                          aria-label={t('files.downloadOf', { title: file.title })}
                        >
                          {t('files.download')}
                        </Button>
                        {(canDelete ? canDelete(file) : canChange) ? (
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            aria-label={t('files.deleteOf', { title: file.title })}
                            onClick={() => setDeleting(file)}
                          >
                            {t('common.delete')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canChange ? (
          <UploadForm endpoints={endpoints} id={id} fileTypes={fileTypes} onUploaded={onChanged} />
        ) : null}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('common.confirmTitle')}
        centered
      >
        <Text mb="lg">{t('files.deleteQuestion', { title: deleting?.title ?? '' })}</Text>
        <ModalFooter
          onCancel={() => setDeleting(null)}
          confirmLabel={t('common.delete')}
          onConfirm={() => deleting && remove.mutate(deleting)}
          pending={remove.isPending}
          color="red"
        />
      </Modal>
    </Paper>
  );
}

function UploadForm({
  endpoints,
  id,
  fileTypes,
  onUploaded,
}: {
  endpoints: FileRoutes;
  id: number;
  fileTypes: readonly [string, ...string[]];
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useFileTypeLabel();
  const [title, setTitle] = useState('');
  const [fileType, setFileType] = useState<string>(fileTypes[0]);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('title', title.trim());
      form.append('file_type', fileType);
      form.append('file', file as File);
      return call(endpoints.addFile, { params: { id }, form });
    },
    onSuccess: () => {
      setTitle('');
      setFile(null);
      notifications.show({ color: 'green', message: t('files.uploadedOk') });
      onUploaded();
    },
    onError: (error) => setProblem(t(errorKey(error))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    if (!title.trim() || !file) return setProblem(t('errors.missingFields'));
    upload.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('files.uploadHeading')}>
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t('files.uploadHeading')}
        </Text>
        {problem ? (
          <Alert color="red" role="alert" py="xs">
            {problem}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('files.title')}
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            w={220}
          />
          <Select
            label={t('files.fileType')}
            required
            allowDeselect={false}
            value={fileType}
            onChange={(v) => v && setFileType(v)}
            data={fileTypes.map((type) => ({ value: type, label: typeLabel(type) }))}
            w={160}
          />
          <FileInput
            label={t('files.file')}
            required
            value={file}
            onChange={setFile}
            placeholder={t('files.choose')}
            clearable
            w={240}
          />
          <Button type="submit" loading={upload.isPending}>
            {t('files.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
