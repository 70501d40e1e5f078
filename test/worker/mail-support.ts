/**
 * Mail as it reaches the Worker (API.md "Mail", Moves by reply): a reply written as a mail
 * program writes it, and its hand-over to the Worker's `email` handler as Email Routing
 * makes it, a ForwardableEmailMessage with the envelope's `from` and `to` and the raw stream.
 */
import { env } from 'cloudflare:workers';
import worker from '../../worker/index.js';

/** A reply as a mail program writes it: headers, then a body of one part (or as given). */
export function rawMessage(options: {
  from: string;
  to: string;
  body: string;
  contentType?: string;
  encoding?: '7bit' | '8bit' | 'quoted-printable';
  headers?: string[];
}): string {
  return [
    `From: Vroni <${options.from}>`,
    `To: <${options.to}>`,
    'Subject: Re: Wallachen: your turn',
    `Message-ID: <${crypto.randomUUID()}@mail.example.org>`,
    'Date: Tue, 1 Dec 2026 21:00:00 +0000',
    'MIME-Version: 1.0',
    ...(options.headers ?? []),
    `Content-Type: ${options.contentType ?? 'text/plain; charset=utf-8'}`,
    `Content-Transfer-Encoding: ${options.encoding ?? '8bit'}`,
    '',
    options.body,
    '',
  ].join('\r\n');
}

/** The header fields of a raw message, unfolded, as Email Routing gives them (`message.headers`). */
export function headersOf(raw: string): Headers {
  const block = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const headers = new Headers();
  for (const field of block.split(/\r?\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    if (colon > 0)
      headers.append(
        field.slice(0, colon).trim(),
        field
          .slice(colon + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      );
  }
  return headers;
}

/** Hands `raw` to the Worker's email handler as Email Routing does; answers why it was refused at SMTP time, or null. */
export async function deliver(raw: string, envelope: { from: string; to: string }, workerEnv: Env = env): Promise<string | null> {
  const bytes = new TextEncoder().encode(raw);
  let rejected: string | null = null;
  const message = {
    from: envelope.from,
    to: envelope.to,
    raw: new Blob([bytes]).stream(),
    rawSize: bytes.byteLength,
    headers: headersOf(raw),
    canBeForwarded: false,
    setReject: (reason: string) => void (rejected = reason),
    forward: () => Promise.reject(new Error('not forwarded')),
    reply: () => Promise.reject(new Error('never answered to the sender')),
  } as unknown as ForwardableEmailMessage;
  await worker.email(message, workerEnv);
  return rejected;
}
