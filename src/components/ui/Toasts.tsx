import { useEffect, useState } from "react";

type Sonner = typeof import("sonner");

export interface ToastMessage {
  kind: "success" | "error";
  title: string;
  description?: string;
}

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
  // Kept above the fixed contact bar (64 px) so a toast never hides it or is hidden by it.
  return <Toaster position="bottom-right" visibleToasts={3} offset={{ bottom: 80 }} mobileOffset={{ bottom: 80 }} richColors />;
}
