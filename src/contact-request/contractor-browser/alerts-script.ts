/**
 * The "Meldingen op dit toestel" part of a request's page: turns alerts on
 * this device on, tests them, turns them off (docs/contact-requests.md,
 * "Alerts on the phone"). The request-page function serves this function's
 * source as /aanvraag/meldingen.js, so it may use nothing from outside its
 * own body. Without JavaScript the page says alerts need it; the marks work
 * regardless.
 */
export function requestAlerts(win: Window & typeof globalThis): void {
  const section = win.document.getElementById("alerts");
  const state = section?.querySelector<HTMLElement>("[data-alerts-state]");
  const button = (name: string) => section?.querySelector<HTMLButtonElement>(`[data-alerts="${name}"]`) ?? null;
  const [on, test, off] = [button("on"), button("test"), button("off")];
  const { key, action, worker, scope } = section?.dataset ?? {};
  if (!section || !state || !on || !test || !off || !key || !action || !worker || !scope) return;

  const say = (text: string) => {
    state.textContent = text;
  };
  const show = (subscribed: boolean) => {
    on.hidden = subscribed;
    test.hidden = !subscribed;
    off.hidden = !subscribed;
  };
  const busy = (working: boolean) => {
    for (const each of [on, test, off]) each.disabled = working;
  };

  const supported = "serviceWorker" in win.navigator && "PushManager" in win && "Notification" in win;
  if (!supported) {
    say("Deze browser kan op dit toestel geen meldingen tonen. Op een iPhone of iPad: zie hieronder.");
    return;
  }

  const applicationServerKey = Uint8Array.from(win.atob(key.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

  /** Tells the site about this device; its answer is a sentence for the contractor. */
  const post = async (kind: "subscribe" | "test" | "unsubscribe", subscription: PushSubscription): Promise<{ ok: boolean; message: string }> => {
    try {
      const response = await win.fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: kind, subscription: subscription.toJSON() }),
      });
      const answer = (await response.json()) as { message?: string };
      return { ok: response.ok, message: answer.message ?? "" };
    } catch {
      return { ok: false, message: "De website was niet te bereiken. Probeer het zo nog eens." };
    }
  };

  const registered = win.navigator.serviceWorker.register(worker, { scope });

  const current = async () => (await registered).pushManager.getSubscription();

  async function turnOn() {
    const permission = await win.Notification.requestPermission();
    if (permission !== "granted") {
      say("Meldingen zijn voor deze website geblokkeerd. Sta ze toe in de instellingen van uw browser en probeer het opnieuw.");
      return;
    }
    const manager = (await registered).pushManager;
    let subscription: PushSubscription;
    try {
      subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey });
    } catch {
      // A subscription made with an earlier key is in the way: it goes, and a new one is made.
      await (await manager.getSubscription())?.unsubscribe();
      subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey });
    }
    const answer = await post("subscribe", subscription);
    say(answer.message);
    show(answer.ok);
  }

  async function turnOff() {
    const subscription = await current();
    if (subscription) {
      await post("unsubscribe", subscription);
      await subscription.unsubscribe();
    }
    say("Meldingen staan uit op dit toestel.");
    show(false);
  }

  async function sendTest() {
    const subscription = await current();
    if (!subscription) return turnOn();
    say((await post("test", subscription)).message);
  }

  const run = (work: () => Promise<unknown>) => async () => {
    busy(true);
    try {
      await work();
    } catch {
      say("Dat lukte niet op dit toestel. Probeer het nog eens, of laad de pagina opnieuw.");
    } finally {
      busy(false);
    }
  };
  on.addEventListener("click", run(turnOn));
  test.addEventListener("click", run(sendTest));
  off.addEventListener("click", run(turnOff));

  // A device subscribed before tells the site again: the site may have forgotten it (a push service that called it gone).
  void run(async () => {
    const subscription = await current();
    if (!subscription) {
      say(win.Notification.permission === "denied" ? "Meldingen zijn voor deze website geblokkeerd in de instellingen van uw browser." : "Meldingen staan uit op dit toestel.");
      show(false);
      return;
    }
    const answer = await post("subscribe", subscription);
    say(answer.ok ? "Meldingen staan aan op dit toestel." : answer.message);
    show(answer.ok);
  })();
}
