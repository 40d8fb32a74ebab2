/**
 * The service worker of the request pages, registered with the scope
 * /aanvraag/ only: the public site has none (docs/contact-requests.md,
 * "Alerts on the phone"). It shows a pushed alert and opens its request's
 * page on a tap. The request-page function serves this function's source as
 * /aanvraag/sw.js, so it may use nothing from outside its own body.
 */

/** What of a service worker's global scope it uses (the DOM library types a window's, not a worker's). */
export interface WorkerScope {
  registration: { scope: string; showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string; focus(): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", listener: (event: { data: { json(): unknown } | null; waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: { notification: { data: unknown; close(): void }; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
}

export function requestServiceWorker(scope: WorkerScope): void {
  /** Only the pages in the worker's own scope, the request pages of this site: a pushed link elsewhere is not opened. */
  const pageOf = (value: unknown): string | null => {
    if (typeof value !== "string") return null;
    try {
      const url = new URL(value, scope.registration.scope);
      return url.href.startsWith(scope.registration.scope) ? url.href : null;
    } catch {
      return null;
    }
  };

  scope.addEventListener("push", (event) => {
    let alert: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
    try {
      alert = (event.data?.json() ?? {}) as typeof alert;
    } catch {
      // A message that is not ours still shows, as a plain alert: a push must always show something.
    }
    const title = typeof alert.title === "string" ? alert.title : "Nieuwe melding over een aanvraag";
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: typeof alert.body === "string" ? alert.body : "",
        tag: typeof alert.tag === "string" ? alert.tag : undefined,
        lang: "nl",
        data: { url: pageOf(alert.url) },
      }),
    );
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url = pageOf((event.notification.data as { url?: unknown } | null)?.url);
    if (!url) return;
    event.waitUntil(
      scope.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => client.url === url);
        return open ? open.focus() : scope.clients.openWindow(url);
      }),
    );
  });
}
