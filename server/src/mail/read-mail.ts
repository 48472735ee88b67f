/**
 * Reads back the messages nodemailer writes (tests, and anyone inspecting the outbox): unfolded
 * headers with RFC 2047 words decoded, and the leaf parts of the MIME tree with decoded bodies.
 */

export type MailPart = { headers: Record<string, string>; body: Buffer };
export type ReadMail = { headers: Record<string, string>; parts: MailPart[] };

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes);
    });
}

function splitHead(raw: string): { headers: Record<string, string>; rest: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const rest = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, rest };
}

function decodeBody(body: string, encoding = ''): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable': {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
        if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, 'utf8');
  }
}

function leaves(raw: string): MailPart[] {
  const { headers, rest } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body: decodeBody(rest, headers['content-transfer-encoding']) }];
  const sections = rest.split(`--${boundary}`).slice(1);
  return sections
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => leaves(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
}

export function readMail(raw: string | Buffer): ReadMail {
  const text = raw.toString();
  return { headers: splitHead(text).headers, parts: leaves(text) };
}
