import type { ChatbotAnswers, ChatbotEntry } from "../../src/lib/chatbot";
import { fillFacts, type FactTable } from "./facts";

interface TownWithAnswer {
  name: string;
  order: number;
  /** The town's name is always a keyword; `keywords` are extra ones (content/towns/, "chatbot"). */
  chatbot: { keywords?: readonly string[] | null; question: string; answer: string };
}

/**
 * What the chat panel answers from: the entries of content/chatbot.json, then
 * one per town in the site's order, so a new town file brings its own answer;
 * every fact reference resolved. The build writes it (plugins/gatsby-plugin-build-outputs).
 */
export function chatbotAnswers(
  chatbot: { fallback: string; entries: readonly ChatbotEntry[] },
  towns: readonly TownWithAnswer[],
  facts: FactTable,
): ChatbotAnswers {
  const entry = ({ keywords, question, answer }: ChatbotEntry): ChatbotEntry => ({
    keywords,
    question: fillFacts(question, facts),
    answer: fillFacts(answer, facts),
  });
  const townEntries = [...towns]
    .sort((a, b) => a.order - b.order)
    .map(({ name, chatbot: { keywords, question, answer } }) => ({ keywords: [name.toLowerCase(), ...(keywords ?? [])], question, answer }));
  return { fallback: fillFacts(chatbot.fallback, facts), entries: [...chatbot.entries, ...townEntries].map(entry) };
}
