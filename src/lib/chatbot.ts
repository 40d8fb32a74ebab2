/**
 * The chatbot answers locally, without a server: the keyword matching of
 * docs/requirements.md ('The chatbot') over the canned questions and answers
 * of content/chatbot.json.
 */

/** docs/requirements.md, 'Behaviour': the panel opens by itself once, 3 s after the first load; closes after 30 s without activity; replies after 500 ms. */
export const autoOpenDelayMs = 3_000;
export const inactivityCloseMs = 30_000;
export const replyDelayMs = 500;
/** sessionStorage: the panel has opened by itself in this browser session. */
export const autoOpenedStorageKey = "chatbot-auto-opened";

/** Where the build writes the questions and answers (facts filled in); the panel fetches them when it first opens. */
export const chatbotAnswersPath = "/chatbot-answers.json";

export interface ChatbotEntry {
  /** Lowercase words or word parts; each one found in the message adds one point. */
  keywords: readonly string[];
  question: string;
  answer: string;
}

export interface ChatbotAnswers {
  /** The reply when no entry scores a point (docs/requirements.md, 'Messages'). */
  fallback: string;
  entries: readonly ChatbotEntry[];
}

/** How many of the entry's keywords occur in the (already lowercased) message. */
export function keywordScore(lowercasedMessage: string, keywords: readonly string[]): number {
  return keywords.filter((keyword) => lowercasedMessage.includes(keyword)).length;
}

/** The entry with the most keywords in the message; the first one on a tie; none when nothing scores. */
export function bestEntry(message: string, entries: readonly ChatbotEntry[]): ChatbotEntry | undefined {
  const lowercased = message.toLowerCase();
  let best: ChatbotEntry | undefined;
  let bestScore = 0;
  for (const entry of entries) {
    const score = keywordScore(lowercased, entry.keywords);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

export function answerFor(message: string, { entries, fallback }: ChatbotAnswers): string {
  return bestEntry(message, entries)?.answer ?? fallback;
}

/** An empty or whitespace-only message is not sent. */
export const canSend = (text: string) => text.trim().length > 0;

export interface ChatMessage {
  /** Derived from the time it was written, made unique within this page view. */
  id: string;
  type: "bot" | "user";
  content: string;
  timestamp: number;
}

let sequence = 0;

export function chatMessage(type: ChatMessage["type"], content: string, now = Date.now()): ChatMessage {
  sequence += 1;
  return { id: `${now}-${sequence}`, type, content, timestamp: now };
}
