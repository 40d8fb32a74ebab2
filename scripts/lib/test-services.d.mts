import type { MailSink } from "./mail-sink.cjs";

export function startTestServices(options?: { logFile?: string }): Promise<{ sink: MailSink; stop(): Promise<void> }>;
