import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from './templates.js';
import { mailTransportFrom } from './transports.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server on a real socket: enough of RFC 5321 for one client to hand over mail. */
function startSmtpServer(received: Received[]): Promise<Server> {
  const server = createServer((socket) => {
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
          case 'HELO':
            reply('250 test.local');
            break;
          case 'MAIL':
            current.from = line;
            reply('250 2.1.0 ok');
            break;
          case 'RCPT':
            current.to.push(line);
            reply('250 2.1.5 ok');
            break;
          case 'DATA':
            inData = true;
            reply('354 go ahead');
            break;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            break;
          default:
            reply('250 ok');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('SMTP transport', () => {
  const received: Received[] = [];
  let server: Server;

  beforeAll(async () => {
    server = await startSmtpServer(received);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('is chosen when SMTP_URL is set and hands the mail, text and HTML, to the server from MAIL_FROM', async () => {
    const { port } = server.address() as AddressInfo;
    const transport = mailTransportFrom({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Crypto Concierge <no-reply@concierge.local>',
      DATA_DIR: '/nonexistent',
    });
    expect(transport.kind).toBe('smtp');
    const mail = renderMail({ template: 'account-approved', to: 'ada@example.com', data: { firstName: 'Ada', loginUrl: 'http://localhost:8080/login' } });
    try {
      await transport.send({ key: 'account-approved-1234', to: 'ada@example.com', ...mail });
    } finally {
      await transport.close();
    }
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toContain('<no-reply@concierge.local>');
    expect(message?.to).toEqual(['RCPT TO:<ada@example.com>']);
    expect(message?.data).toContain('Subject: Your Crypto Concierge account is approved');
    expect(message?.data).toContain('Message-ID: <account-approved-1234@concierge.local>');
    expect(message?.data).toContain('Content-Type: text/plain');
    expect(message?.data).toContain('Content-Type: text/html');
    expect(message?.data).toContain('http://localhost:8080/login');
  });

  it('falls back to the outbox when SMTP_URL is not set', () => {
    const transport = mailTransportFrom({ MAIL_FROM: 'x <x@example.com>', DATA_DIR: '.data' });
    expect(transport.kind).toBe('outbox');
  });
});
