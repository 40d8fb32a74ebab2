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
  /** The buttons for where the device stands: off offers turning on; waiting for confirmation, turning off; on, a test and turning off. */
  const show = (state: string | undefined) => {
    on.hidden = state === "on" || state === "unconfirmed";
    test.hidden = state !== "on";
    off.hidden = state !== "on" && state !== "unconfirmed";
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
  /** Tells the site about this device; its answer is a sentence for the contractor and where the device stands. */
  const post = async (kind: "status" | "subscribe" | "test" | "unsubscribe", subscription: PushSubscription): Promise<{ message: string; state?: string }> => {
    try {
      const response = await win.fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: kind, subscription: subscription.toJSON() }),
      });
      const answer = (await response.json()) as { message?: string; state?: string };
      return { message: answer.message ?? "", state: answer.state };
    } catch {
      return { message: "De website was niet te bereiken. Probeer het zo nog eens." };
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
    show(answer.state);
  }

  async function turnOff() {
    const subscription = await current();
    if (subscription) {
      await post("unsubscribe", subscription);
      await subscription.unsubscribe();
    }
    say("Meldingen staan uit op dit toestel.");
    show("off");
  }

  async function sendTest() {
    const subscription = await current();
    if (!subscription) return turnOn();
    const answer = await post("test", subscription);
    say(answer.message);
    if (answer.state) show(answer.state);
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

  // A device subscribed before asks the site where it stands: confirmed, waiting for confirmation, or forgotten (stopped from a mail, or
  // gone at its push service). Asking turns nothing on: only the button does, and that mails the contractor.
  void run(async () => {
    const subscription = await current();
    if (!subscription) {
      say(win.Notification.permission === "denied" ? "Meldingen zijn voor deze website geblokkeerd in de instellingen van uw browser." : "Meldingen staan uit op dit toestel.");
      show("off");
      return;
    }
    const answer = await post("status", subscription);
    say(answer.message);
    show(answer.state ?? "off");
  })();
}
