import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Every download the API answers (stored files, the avatar, PDFs, XLSX exports) goes out through
 * `sendDownload` (decision 0022): always `Content-Disposition: attachment` — a browser shows an
 * image in <img> and the app's PDFs through a blob whatever the disposition, so nothing needs to
 * be opened inline as a page of our origin — with a sanitised name, an ASCII fallback and the
 * RFC 5987 / 6266 `filename*`, `X-Content-Type-Options: nosniff` and no shared caching.
 */

/** Extensions a desktop would run or a browser would render as active content. */
const activeExtensions = new Set(
  (
    'exe com bat cmd msi msp scr pif cpl dll sys lnk reg vbs vbe js jse mjs wsf wsh hta ps1 psm1 ' +
    'sh bash zsh csh ksh command app dmg pkg deb rpm apk jar py pl rb php asp aspx jsp cgi ' +
    'html htm xhtml shtml xht svg svgz xml xsl mht mhtml swf url desktop appimage iso img vhd'
  ).split(' '),
);

const maxNameLength = 180;

/**
 * A file name safe to hand to a browser and a desktop: no path separators, no control, format
 * or bidirectional characters (U+202E would show "gpj.exe" as "exe.jpg"), no leading dots, at most
 * 180 characters with the extension kept. An active extension (program, script, page) is
 * defused: "setup.exe" becomes "setup_exe" plus `safeExtension` (the type the content was
 * detected as) when given, so the saved file opens as what it is.
 */
export function safeFilename(name: string, safeExtension = '', fallback = 'soubor'): string {
  let clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!clean) clean = fallback;
  const dot = clean.lastIndexOf('.');
  let base = dot > 0 ? clean.slice(0, dot) : clean;
  let extension = dot > 0 ? clean.slice(dot + 1) : '';
  if (activeExtensions.has(extension.toLowerCase())) {
    base = `${base}_${extension}`;
    extension = safeExtension.replace(/^\./, '');
  }
  const tail = extension ? `.${extension.slice(0, 16)}` : '';
  return [...base].slice(0, maxNameLength - tail.length).join('') + tail;
}

/** The name in printable ASCII (diacritics dropped), for clients that do not read `filename*`. */
export function asciiFilename(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%;]/g, '_') || 'soubor'
  );
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8 of everything but the attr-chars. */
const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` for an already safe name. */
export function contentDisposition(name: string): string {
  return `attachment; filename="${asciiFilename(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}

export type Download = {
  data: Buffer | Readable;
  /** The name the user sees; sanitised here again, whatever its source. */
  filename: string;
  contentType: string;
  /** Extension of the detected type, for a name whose own extension is defused. */
  extension?: string;
  /** `no-store` for generated documents, `private, no-cache` (default) for stored files. */
  cacheControl?: string;
};

/** The one way a route answers a file. */
export function sendDownload(reply: FastifyReply, download: Download) {
  const type = download.contentType.startsWith('text/')
    ? `${download.contentType.split(';')[0]}; charset=utf-8`
    : download.contentType;
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(safeFilename(download.filename, download.extension)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', download.cacheControl ?? 'private, no-cache')
    .send(download.data);
}
