import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/**
 * Outgoing e-mail (domain.md §3.4): to the SMTP server of SMTP_URL when it is set, otherwise into the
 * outbox folder as .eml files (one per message), which any mail program opens and which a
 * developer or a test can read without a mail server.
 */

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set: shown inside the HTML body as `<img src="cid:…">`. */
  cid?: string;
};

export type MailMessage = {
  to: string;
  /** Where replies go when not to the sender (the supplier of a QR payment). */
  replyTo?: string;
  /** Sent as `Content-Language`. */
  language?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Part of the outbox file's name, e.g. the order number. */
  tag: string;
};

export type SentMail = { messageId: string; to: string; outboxFile?: string };

export type Mailer = {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
};

/** "2026-05-03T08-15-02-123Z-2026000042": sorts by time, safe on every file system. */
const outboxName = (tag: string, now: Date) =>
  `${now.toISOString().replace(/[:.]/g, '-')}-${tag.replace(/[^\w-]+/g, '_').slice(0, 60)}`;

/** Writes without overwriting: two e-mails in the same millisecond get `-2`, `-3`, … */
async function writeNew(dir: string, base: string, content: Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.eml`);
    try {
      await fs.writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw error;
    }
  }
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  const envelope = (m: MailMessage) => ({
    from: config.mailFrom,
    to: m.to,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    ...(m.language ? { headers: { 'Content-Language': m.language } } : {}),
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    attachments: m.attachments ?? [],
  });

  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        const info = await transport.sendMail(envelope(m));
        return { messageId: info.messageId, to: m.to };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(m));
      const file = await writeNew(config.outboxDir, outboxName(m.tag, new Date()), info.message as Buffer);
      return { messageId: info.messageId, to: m.to, outboxFile: file };
    },
    close: () => transport.close(),
  };
}
