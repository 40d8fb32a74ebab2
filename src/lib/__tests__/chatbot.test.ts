import chatbot from "../../../content/chatbot.json";
import { answerFor, bestEntry, canSend, chatMessage, keywordScore, type ChatbotAnswers } from "../chatbot";
import { chatbotAnswers } from "../../../plugins/gatsby-plugin-content/chatbot-answers";
import { fillFacts } from "../../../plugins/gatsby-plugin-content/facts";
import { facts, services, towns } from "../../../scripts/lib/content/content";

const fallback = "Dat is een goede vraag! Laat even je gegevens achter via het formulier, dan neemt één van onze dakexperts snel contact met je op.";

const sample: ChatbotAnswers = {
  fallback: "terugval",
  entries: [
    { keywords: ["prijs", "kost"], question: "Wat kost het?", answer: "prijzen" },
    { keywords: ["lekkage", "lek"], question: "Mijn dak lekt", answer: "lekkage" },
    { keywords: ["prijs", "lekkage", "kost"], question: "Wat kost een lekkage?", answer: "prijs van lekkage" },
  ],
};

describe("keyword matching (docs/requirements.md, 'The chatbot')", () => {
  it("scores one point per keyword found anywhere in the message, also inside a word", () => {
    expect(keywordScore("wat kost een daklekkage?", ["kost", "lekkage", "lek", "goot"])).toBe(3);
  });

  it("lowercases the message, so capitals do not matter", () => {
    expect(answerFor("MIJN DAK LEKT", sample)).toBe("lekkage");
    expect(answerFor("Wat KOST dat?", sample)).toBe("prijzen");
  });

  it("gives the entry with the highest score", () => {
    expect(answerFor("wat kost een lekkage, welke prijs?", sample)).toBe("prijs van lekkage");
  });

  it("gives the first entry on a tie", () => {
    // Entries 2 and 3 both score 2 ("lekkage" and "lek"; "prijs" and "lekkage"): the earlier one wins.
    expect(answerFor("prijs lekkage", sample)).toBe("lekkage");
    expect(answerFor("de prijs", sample)).toBe("prijzen");
  });

  it("gives the fallback when no keyword occurs, and for an empty message", () => {
    expect(answerFor("hallo daar", sample)).toBe("terugval");
    expect(answerFor("", sample)).toBe("terugval");
    expect(bestEntry("hallo daar", sample.entries)).toBeUndefined();
  });
});

describe("the send button", () => {
  it("sends text, not an empty or whitespace-only message", () => {
    expect(canSend("Wat kost een inspectie?")).toBe(true);
    expect(canSend("")).toBe(false);
    expect(canSend("   \n\t ")).toBe(false);
  });
});

describe("chat messages", () => {
  it("have an id from their time, unique even within one millisecond", () => {
    const first = chatMessage("user", "hoi", 1_700_000_000_000);
    const second = chatMessage("bot", "hallo", 1_700_000_000_000);
    expect(first).toMatchObject({ type: "user", content: "hoi", timestamp: 1_700_000_000_000 });
    expect(first.id).toMatch(/^1700000000000-/);
    expect(second.id).not.toBe(first.id);
  });
});

describe("the chatbot's answers: content/chatbot.json and a question per town", () => {
  const answers: ChatbotAnswers = chatbotAnswers(chatbot, towns, facts);

  it("falls back with the sentence of docs/requirements.md ('Messages'), word for word", () => {
    expect(chatbot.fallback).toBe(fallback);
    expect(chatbot.greeting).toBe("Zoekt u een dakdekker? Laten we praten!");
  });

  it("holds about 60 entries", () => {
    expect(answers.entries.length).toBeGreaterThanOrEqual(55);
    expect(answers.entries.length).toBeLessThanOrEqual(70 + towns.length - 11);
  });

  it.each(answers.entries.map((entry) => [entry.question, entry] as const))("answers its own question: %s", (question, entry) => {
    expect(bestEntry(question, answers.entries)).toBe(entry);
  });

  it("answers every town by its name, with the town's own answer", () => {
    for (const town of towns) expect(answerFor(`Werken jullie in ${town.name}?`, answers)).toBe(fillFacts(town.chatbot.answer, facts));
  });

  it("resolves every fact reference, and refuses one that names no fact", () => {
    for (const entry of answers.entries) expect(entry.answer).not.toMatch(/\{[a-zA-Z]+(:[a-z0-9-]+)?\}/);
    const broken = { ...chatbot, entries: [{ keywords: ["x"], question: "x", answer: "{prijs}" }] };
    expect(() => chatbotAnswers(broken, towns, facts)).toThrow("Unknown reference {prijs}");
  });

  const ask = (question: string) => answerFor(question, answers);

  it.each([
    ["Wat kost een kleine reparatie?", facts["price:daklekkage"]],
    ["Wat kost een dakinspectie?", /€ 75.*(excl|exclusief).*btw/i],
    ["Wat kost dakisolatie per m2?", /€ 30.*€ 70 per m²/],
    ["Hoeveel energie bespaar ik met dakisolatie?", /30%/],
    ["Is een offerte gratis?", /gratis.*vrijblijvend|vrijblijvend.*gratis/],
    ["Hoe snel krijg ik een offerte?", `binnen ${facts.quoteHours} uur`],
    ["Wanneer nemen jullie contact met me op?", `binnen ${facts.replyPromiseHours} uur contact met je op, tijdens openingstijden meestal al binnen ${facts.replyTargetHours} uur`],
    ["Moet ik vooraf betalen?", /niet vooraf|geen aanbetaling|vooruitbetaling/],
    ["Hoeveel jaar garantie krijg ik?", /15 jaar/],
    ["Hoe lang duurt een dakrenovatie?", /1 tot 3 dagen|1-3 dagen/],
    ["Hoe snel zijn jullie er bij een noodgeval?", /uur/],
    ["Wanneer moet mijn dak vervangen worden? Het is oud", /20 jaar/],
    ["Zijn jullie gecertificeerd?", /NEN.*KOMO|KOMO.*NEN/],
    ["Wat zijn jullie openingstijden?", /maandag tot en met zaterdag van 08:00 tot 20:00 uur.*24\/7|24\/7.*maandag tot en met zaterdag van 08:00 tot 20:00 uur/s],
    ["In welke plaatsen werken jullie?", `${towns.length} plaatsen: ${facts.townList}`],
    ["Werken jullie ook in Rotterdam of Den Haag?", /Nederland/],
  ] as [string, RegExp | string][])("answers %s with the site's facts", (question, fact) => {
    if (typeof fact === "string") expect(ask(question)).toContain(fact);
    else expect(ask(question)).toMatch(fact);
  });

  it.each(services.map((service) => [service.name, service] as const))("has an answer about %s that names its price", (name, service) => {
    const price = fillFacts(service.price, facts).replace(/^Vanaf /, "").toLowerCase();
    const reply = ask(`Wat kost ${name.toLowerCase()}?`).toLowerCase();
    if (price.startsWith("€")) expect(reply).toContain(price.split(" per")[0]);
    else expect(reply).toContain("op aanvraag");
  });
});
