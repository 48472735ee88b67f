import { deliveryFileLimits } from '@letokruh/contracts/rules/delivery-files';
import { Button, CloseButton, Group, Image, Input, Loader } from '@mantine/core';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compressPhoto } from './compress-photo';

type Props = { photos: Blob[]; onChange(photos: Blob[]): void };

/**
 * Photos of the goods at the door, from the camera (or the gallery): up to five, each shrunk in
 * the browser before it is queued (compress-photo.ts), shown as thumbnails to remove.
 */
export function PhotoField({ photos, onChange }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  const room = deliveryFileLimits.photos - photos.length;

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    setProblem(null);
    if (files.length > room)
      setProblem(t('driverDay.deliver.tooManyPhotos', { max: deliveryFileLimits.photos }));
    setBusy(true);
    const added: Blob[] = [];
    for (const file of files.slice(0, room)) {
      const small = await compressPhoto(file);
      if (small) added.push(small);
      else setProblem(t('driverDay.deliver.badPhoto'));
    }
    setBusy(false);
    onChange([...photos, ...added]);
  };

  return (
    <Input.Wrapper
      label={t('driverDay.deliver.photos')}
      description={t('driverDay.deliver.photosHint', { max: deliveryFileLimits.photos })}
      error={problem}
    >
      <Group gap="xs" mt={4}>
        {urls.map((url, i) => (
          <div key={url} style={{ position: 'relative' }}>
            <Image
              src={url}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
              alt={t('driverDay.deliver.photo', { n: i + 1 })}
            />
            <CloseButton
              size="sm"
              variant="filled"
              aria-label={t('driverDay.deliver.removePhoto', { n: i + 1 })}
              style={{ position: 'absolute', top: 2, right: 2 }}
              onClick={() => onChange(photos.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        {busy && <Loader size="sm" />}
      </Group>
      {room > 0 && (
        <Button component="label" variant="light" mt={6} style={{ position: 'relative', overflow: 'hidden' }}>
          {t('driverDay.deliver.addPhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            data-testid="photo-input"
            onChange={(event) => void picked(event)}
            style={{ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer' }}
          />
        </Button>
      )}
    </Input.Wrapper>
  );
}
