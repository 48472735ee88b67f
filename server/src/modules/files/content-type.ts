import { ErrorCode } from '@letokruh/contracts/errors';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../plugins/errors.ts';

/**
 * What may be attached to a customer, an order or a haul (decision 0020): documents and photos, told
 * apart by their first bytes (file-type), never by the browser's claim. Markup that a browser
 * could run (HTML, SVG) and programs are refused with 415 / 122 whatever they are called.
 */
const binaryTypes: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/heic': 'heic',
  'image/bmp': 'bmp',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/x-cfb': 'doc',
};

/** Text has no magic bytes: it is taken when it is declared as text and reads as UTF-8. */
const textTypes: Record<string, string> = { 'text/plain': 'txt', 'text/csv': 'csv' };

/** Claims a browser makes for a detected type without being wrong. */
const compatibleClaims: Record<string, string[]> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'application/zip': ['application/x-zip-compressed'],
  'application/x-cfb': ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  'image/bmp': ['image/x-ms-bmp'],
  'image/tiff': ['image/tif'],
};
const genericClaims = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const unsupported = (message: string) => new AppError(415, ErrorCode.unsupportedFileType, message);

export type CheckedType = { mime: string; extension: string };

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The type the bytes really have, when it is accepted and fits the declared one; else 415 / 122. */
export async function checkUploadType(data: Buffer, declared: string): Promise<CheckedType> {
  const claim = declared.split(';')[0]!.trim().toLowerCase();
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const extension = binaryTypes[detected.mime];
    if (!extension) throw unsupported(`Files of type ${detected.mime} are not accepted`);
    const fits =
      claim === detected.mime || genericClaims.has(claim) || compatibleClaims[detected.mime]?.includes(claim);
    if (!fits) throw unsupported(`The file is ${detected.mime}, not ${claim}`);
    return { mime: detected.mime, extension };
  }
  const textExtension = textTypes[claim];
  if (textExtension && isUtf8Text(data)) return { mime: claim, extension: textExtension };
  throw unsupported(`The content does not match ${claim || 'any accepted type'}`);
}

/** Every media type an uploaded file may have, as its download answers it (the OpenAPI document). */
export const acceptedFileTypes: readonly string[] = [...Object.keys(binaryTypes), ...Object.keys(textTypes)];
