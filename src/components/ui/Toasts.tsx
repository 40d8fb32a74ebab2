import { useEffect, useState, type CSSProperties } from "react";
import { colors } from "./theme";

type Sonner = typeof import("sonner");

export interface ToastMessage {
  kind: "success" | "error";
  title: string;
  description?: string;
}

/** sonner's rich colours, set to the design's tokens so toast text keeps its contrast. */
const toastColors = {
  "--success-bg": colors.successTint,
  "--success-border": colors.chat,
  "--success-text": colors.chat,
  "--error-bg": colors.errorTint,
  "--error-border": colors.emergency,
  "--error-text": colors.emergency,
} as CSSProperties;

const queue: ToastMessage[] = [];
let loaded: Sonner | null = null;
let requestLoad: (() => void) | null = null;

function flush() {
  if (!loaded) return;
  for (const message of queue.splice(0)) {
    loaded.toast[message.kind](message.title, { description: message.description });
  }
}

/**
 * Shows a toast. sonner is loaded on the first call, not with the page: most
 * visitors never see a toast, so it stays out of the first-load JavaScript.
 */
export function notify(message: ToastMessage) {
  queue.push(message);
  if (loaded) flush();
  else requestLoad?.();
}

/** The toast region (bottom-right, at most 3 visible, sonner's default duration), mounted once by the layout. */
export function Toasts() {
  const [sonner, setSonner] = useState<Sonner | null>(loaded);

  useEffect(() => {
    requestLoad = () => {
      import("sonner").then((module) => {
        loaded = module;
        setSonner(module);
      });
    };
    if (queue.length > 0 && !loaded) requestLoad();
    return () => {
      requestLoad = null;
    };
  }, []);

  useEffect(flush, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  // Kept above the fixed contact bar (64 px) and the chat button on it (12 + 56 px), so a toast hides neither.
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      offset={{ bottom: 144 }}
      mobileOffset={{ bottom: 144 }}
      richColors
      style={toastColors}
    />
  );
}
