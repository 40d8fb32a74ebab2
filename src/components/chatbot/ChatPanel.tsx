import { css, keyframes } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { forwardRef, useEffect, useRef, useState, type FormEvent } from "react";
import { answerFor, canSend, chatMessage, chatbotAnswersPath, replyDelayMs, type ChatMessage, type ChatbotAnswers } from "../../lib/chatbot";
import { useSiteData } from "../layout/useSiteData";
import { visuallyHidden } from "../ui/a11y";
import { colors, fontSize, motion, mq, radius } from "../ui/theme";

let answersRequest: Promise<ChatbotAnswers> | undefined;

/** The canned answers, fetched once per page view; a failed fetch is tried again with the next question. */
function loadAnswers(): Promise<ChatbotAnswers> {
  answersRequest ??= fetch(chatbotAnswersPath)
    .then((response) => {
      if (!response.ok) throw new Error(`${chatbotAnswersPath}: ${response.status}`);
      return response.json() as Promise<ChatbotAnswers>;
    })
    .catch((error: unknown) => {
      answersRequest = undefined;
      throw error;
    });
  return answersRequest;
}

const slideUp = keyframes`
  from {
    opacity: 0;
    transform: translateY(12px);
  }
`;

const panelStyle = css`
  /* Shown at the top of the chat column; the cookie banner before it in the page (ChatWidget) is seen under it. */
  order: -1;
  display: flex;
  flex-direction: column;
  flex: 0 1 520px;
  min-height: 240px;
  width: min(400px, 100%);
  overflow: hidden;
  border: 1px solid ${colors.line};
  border-radius: ${radius.card};
  background: ${colors.white};
  box-shadow: 0 16px 48px rgba(27, 36, 48, 0.25);
  @media (prefers-reduced-motion: no-preference) {
    animation: ${slideUp} ${motion};
  }
  &[hidden] {
    display: none;
  }
`;

const headerStyle = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 8px 8px 16px;
  background: ${colors.slate};
  color: ${colors.white};
  h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    font-size: ${fontSize.base};
    line-height: 1.3;
  }
  h2::before {
    content: "";
    flex: none;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: #4ade80;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border: 0;
    border-radius: ${radius.button};
    background: transparent;
    color: ${colors.white};
    cursor: pointer;
  }
  button:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  button:focus-visible {
    outline-color: ${colors.white};
  }
`;

const logStyle = css`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
  background: ${colors.sand};
  p {
    margin: 0;
    max-width: 85%;
    padding: 10px 14px;
    border-radius: 16px;
    font-size: ${fontSize.base};
    line-height: 1.45;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .bot {
    align-self: flex-start;
    background: ${colors.white};
    border: 1px solid ${colors.line};
    border-bottom-left-radius: 4px;
  }
  .user {
    align-self: flex-end;
    background: ${colors.slate};
    color: ${colors.white};
    border-bottom-right-radius: 4px;
  }
`;

const formStyle = css`
  display: flex;
  gap: 8px;
  padding: 12px;
  border-top: 1px solid ${colors.line};
  input {
    flex: 1;
    min-width: 0;
    min-height: 48px;
    padding: 0 12px;
    border: 1px solid ${colors.inkMuted};
    border-radius: ${radius.button};
    font: inherit;
    color: ${colors.ink};
  }
  button {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 48px;
    height: 48px;
    border: 0;
    border-radius: ${radius.button};
    background: ${colors.action};
    color: ${colors.white};
    cursor: pointer;
  }
  button:hover:enabled {
    background: ${colors.actionStrong};
  }
  button:disabled {
    background: ${colors.inkMuted};
    cursor: not-allowed;
  }
  ${mq.md} {
    padding: 16px;
  }
`;

interface ChatPanelProps {
  id: string;
  assistantName: string;
  greeting: string;
  open: boolean;
  /** Opened by the visitor: the input gets focus. Opened by itself: focus stays where the visitor is. */
  focusInput: boolean;
  onClose: () => void;
  /** Typing, sending and replies count as activity for the inactivity timer. */
  onActivity: () => void;
}

/** The chat panel of docs/requirements.md ('The chatbot'): header, message log, input and send button. */
const ChatPanel = forwardRef<HTMLDivElement, ChatPanelProps>(function ChatPanel(
  { id, assistantName, greeting, open, focusInput, onClose, onActivity },
  ref,
) {
  const { company } = useSiteData();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [chatMessage("bot", greeting)]);
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const replyTimers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    loadAnswers().catch(() => undefined);
    const timers = replyTimers.current;
    return () => timers.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (open && focusInput) inputRef.current?.focus();
  }, [open, focusInput]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, open]);

  const reply = async (question: string) => {
    let answer: string;
    try {
      answer = answerFor(question, await loadAnswers());
    } catch {
      answer = `Sorry, ik kan nu even geen antwoord geven. Bel ons op ${company.phones.regular.display} of mail naar ${company.email}.`;
    }
    setMessages((current) => [...current, chatMessage("bot", answer)]);
    onActivity();
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend(draft)) return;
    const question = draft.trim();
    setMessages((current) => [...current, chatMessage("user", question)]);
    setDraft("");
    onActivity();
    replyTimers.current.push(setTimeout(() => void reply(question), replyDelayMs));
  };

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      hidden={!open}
      css={panelStyle}
    >
      <div css={headerStyle}>
        <h2 id={`${id}-title`}>{assistantName} online, ik help je graag</h2>
        <button type="button" onClick={onClose} aria-label="Chat sluiten">
          <Icon name="close" />
        </button>
      </div>
      <div ref={logRef} role="log" aria-label="Gesprek" css={logStyle}>
        {messages.map((message) => (
          <p key={message.id} className={message.type}>
            <span css={visuallyHidden}>{message.type === "bot" ? `${assistantName}: ` : "Jij: "}</span>
            {message.content}
          </p>
        ))}
      </div>
      <form css={formStyle} onSubmit={send}>
        <label htmlFor={`${id}-input`} css={visuallyHidden}>
          Je vraag
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            onActivity();
          }}
          placeholder="Stel je vraag..."
          autoComplete="off"
          enterKeyHint="send"
          maxLength={500}
        />
        <button type="submit" disabled={!canSend(draft)} aria-label="Versturen">
          <Icon name="send" size={20} />
        </button>
      </form>
    </div>
  );
});

export default ChatPanel;
