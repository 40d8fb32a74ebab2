import type { ChatbotAnswers, ChatbotEntry } from "../../src/lib/chatbot";
import { byOrder, type Chatbot, type Town } from "./content-schema";
import { fillFacts, type FactTable } from "./facts";

/**
 * What the chat panel answers from: the entries of content/chatbot.json, then
 * one per town in the site's order, so a new town file brings its own answer;
 * every fact reference resolved. The build writes it (gatsby-node.ts, onPostBootstrap).
 */
export function chatbotAnswers(
  chatbot: Pick<Chatbot, "fallback" | "entries">,
  towns: readonly Pick<Town, "name" | "order" | "chatbot">[],
  facts: FactTable,
): ChatbotAnswers {
  const entry = ({ keywords, question, answer }: ChatbotEntry): ChatbotEntry => ({
    keywords,
    question: fillFacts(question, facts),
    answer: fillFacts(answer, facts),
  });
  // The town's name is always a keyword; `keywords` are extra ones (content/towns/, "chatbot").
  const townEntries = [...towns]
    .sort(byOrder)
    .map(({ name, chatbot: { keywords, question, answer } }) => ({ keywords: [name.toLowerCase(), ...(keywords ?? [])], question, answer }));
  return { fallback: fillFacts(chatbot.fallback, facts), entries: [...chatbot.entries, ...townEntries].map(entry) };
}
