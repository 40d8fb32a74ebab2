export interface SunkMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Lower-case names of every header, in order. */
  headerNames: string[];
}

export interface MailSink {
  port: number;
  url: string;
  mails: SunkMail[];
  waitForMails(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  stop(): Promise<void>;
}

export function startMailSink(options?: { port?: number; dir?: string; refuse?: boolean }): Promise<MailSink>;

export const defaultPort: number;
export const defaultDir: string;
