export interface SunkMail {
  messageId: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Lower-case names of every header, in order. */
  headerNames: string[];
  attachments: SunkAttachment[];
}

export interface SunkAttachment {
  filename: string;
  contentType: string;
  /** In the JSON files a sink writes to its folder, base64 (tests/e2e/test-services.ts reads them back). */
  content: Buffer;
}

export interface MailSink {
  port: number;
  url: string;
  mails: SunkMail[];
  waitForMails(count: number, timeoutMs?: number): Promise<SunkMail[]>;
  /** "down" refuses every connection, "flaky" drops every third, "up" takes all. */
  setMode(mode: SinkMode): Promise<void>;
  readonly mode: SinkMode;
  stop(): Promise<void>;
}

export function startMailSink(options?: { port?: number; dir?: string; refuse?: boolean }): Promise<MailSink>;

export const defaultPort: number;
export const defaultDir: string;
export const controlPort: number;
export type SinkMode = "up" | "down" | "flaky";
export const modes: SinkMode[];
