import { deliveryFileLimits } from '@letokruh/contracts/rules/delivery-files';

/** A phone photo is 3–8 MB at 4000 px; 1600 px at JPEG 0.8 is 200–500 kB and reads as well. */
export const photoLongSide = 1600;
export const photoQuality = 0.8;

const sentAsIs = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Shrinks a camera photo before it is queued and sent (domain.md §2.11): the long side to at most
 * 1600 px, re-encoded as JPEG at 0.8. The browser's own decoder does the work (createImageBitmap
 * reads the EXIF rotation), so no library is needed. A photo the browser cannot decode is sent as
 * it is when the server takes its type and size; otherwise null (the caller says so).
 */
export async function compressPhoto(file: Blob): Promise<Blob | null> {
  const original = () =>
    sentAsIs.has(file.type) && file.size <= deliveryFileLimits.photoBytes ? file : null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original();
  }
  const scale = Math.min(1, photoLongSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return original();
  // JPEG has no transparency: a PNG's clear pixels turn white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', photoQuality),
  );
  if (!jpeg) return original();
  // A small photo may come out bigger than it went in: keep the smaller that the server takes.
  const kept = original();
  return kept && kept.size <= jpeg.size && scale === 1 ? kept : jpeg;
}
