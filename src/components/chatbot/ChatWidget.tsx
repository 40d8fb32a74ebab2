import { css } from "@emotion/react";
import { graphql, useStaticQuery } from "gatsby";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { autoOpenDelayMs, autoOpenedStorageKey, inactivityCloseMs } from "../../lib/chatbot";
import { colors, shadow } from "../ui/theme";

const loadPanel = () => import("./ChatPanel");
type ChatPanelComponent = Awaited<ReturnType<typeof loadPanel>>["default"];

const launcherStyle = css`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border: 3px solid ${colors.white};
  border-radius: 50%;
  background: ${colors.action};
  color: ${colors.white};
  box-shadow: ${shadow};
  cursor: pointer;
  &:hover {
    background: ${colors.actionStrong};
  }
`;

function autoOpenedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(autoOpenedStorageKey) !== null;
  } catch {
    return false;
  }
}

function rememberAutoOpen() {
  try {
    window.sessionStorage.setItem(autoOpenedStorageKey, "1");
  } catch {
    // Without session storage the panel may open by itself again on the next full page load.
  }
}

/**
 * The round chat button and its panel. The panel's code and the canned
 * answers load when it first opens (or when the visitor points at the button),
 * not with the page. `children` (the cookie banner) is seen between the two
 * but comes first in the page, so the keyboard reaches it before an open panel.
 */
export function ChatWidget({ children }: { children?: ReactNode }) {
  const { chatbot } = useStaticQuery<Queries.ChatbotQuery>(graphql`
    query Chatbot {
      chatbot: chatbotJson {
        assistantName
        greeting
      }
    }
  `);
  const [open, setOpen] = useState(false);
  // Not React.lazy: its Suspense fallback would hold the panel back by up to 500 ms after its code arrives.
  const [ChatPanel, setChatPanel] = useState<ChatPanelComponent | null>(null);
  const [focusInput, setFocusInput] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const shownOnce = useRef(false);

  const close = useCallback((returnFocus: boolean) => {
    clearTimeout(closeTimer.current);
    const focusWasInside = panelRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (returnFocus || focusWasInside) launcherRef.current?.focus();
  }, []);

  const keepOpen = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => close(false), inactivityCloseMs);
  }, [close]);

  const show = useCallback(
    (byVisitor: boolean) => {
      shownOnce.current = true;
      rememberAutoOpen();
      void loadPanel().then((module) => setChatPanel(() => module.default));
      setFocusInput(byVisitor);
      setOpen(true);
      keepOpen();
    },
    [keepOpen],
  );

  useEffect(() => {
    if (autoOpenedThisSession()) return;
    // A visitor who opened (and perhaps closed) the panel already has seen it.
    const timer = setTimeout(() => {
      if (!shownOnce.current) show(false);
    }, autoOpenDelayMs);
    return () => clearTimeout(timer);
  }, [show]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Escape closes the panel while the visitor is in it or on its button; a modal dialog handles its own.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (event.key === "Escape" && (panelRef.current?.contains(active) || active === launcherRef.current)) close(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  const prefetch = () => {
    void loadPanel();
  };

  return (
    <>
      {children}
      {ChatPanel && chatbot && (
        <ChatPanel
          ref={panelRef}
          id="chatbot-panel"
          assistantName={chatbot.assistantName}
          greeting={chatbot.greeting}
          open={open}
          focusInput={focusInput}
          onClose={() => close(true)}
          onActivity={keepOpen}
        />
      )}
      <button
        ref={launcherRef}
        type="button"
        css={launcherStyle}
        aria-label={chatbot ? `Chat met ${chatbot.assistantName}` : "Chat"}
        aria-expanded={open}
        aria-controls={ChatPanel ? "chatbot-panel" : undefined}
        onClick={() => (open ? close(true) : show(true))}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
      >
        {open ? <Icon name="close" size={26} /> : <Icon name="hardHat" size={28} />}
      </button>
    </>
  );
}
