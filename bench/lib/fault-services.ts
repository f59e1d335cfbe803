// The services the fault run owns and stops: a redis-server and an SMTP server on ports of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sleep } from './env';

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

export async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

/** An SMTP server that can go away and come back on the same port, counting mails by recipient. */
export function mailServer(port: number) {
  const received: { to: string; at: number }[] = [];
  let server: SMTPServer | undefined;
  return {
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          stream.on('data', () => {});
          stream.on('end', () => {
            for (const r of session.envelope.rcptTo) received.push({ to: r.address, at: Date.now() });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
  };
}
