import { act, render, screen } from "@testing-library/react";
import { Analytics } from "../consent/Analytics";
import { CookieBanner } from "../consent/CookieBanner";
import { consentStorageKey, everything, onlyNecessary, saveConsent } from "../../lib/consent";

jest.mock("../../lib/analytics", () => ({
  ...jest.requireActual("../../lib/analytics"),
  analyticsId: "G-TEST123",
}));

const gtagScripts = () => document.head.querySelectorAll('script[src*="googletagmanager.com"]');
const stored = () => JSON.parse(localStorage.getItem(consentStorageKey) ?? "null");

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
});

describe("CookieBanner", () => {
  it("offers the three choices of docs/requirements.md until the visitor has chosen", () => {
    render(<CookieBanner />);
    expect(screen.getByRole("heading", { name: "Wij gebruiken cookies" })).toBeInTheDocument();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Instellingen",
      "Alleen noodzakelijk",
      "Alles accepteren",
    ]);
  });

  it("stores all four flags on 'Alles accepteren' and disappears", () => {
    render(<CookieBanner />);
    act(() => screen.getByRole("button", { name: "Alles accepteren" }).click());
    expect(stored()).toMatchObject({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(screen.queryByRole("heading", { name: "Wij gebruiken cookies" })).toBeNull();
  });

  it("stores the other three off on 'Alleen noodzakelijk' and disappears", () => {
    render(<CookieBanner />);
    act(() => screen.getByRole("button", { name: "Alleen noodzakelijk" }).click());
    expect(stored()).toMatchObject({ necessary: true, analytics: false, marketing: false, functional: false });
    expect(screen.queryByRole("heading", { name: "Wij gebruiken cookies" })).toBeNull();
  });

  it("stays away when a choice is stored", () => {
    saveConsent(onlyNecessary);
    render(<CookieBanner />);
    expect(screen.queryByRole("heading", { name: "Wij gebruiken cookies" })).toBeNull();
  });
});

describe("Analytics, with GATSBY_ANALYTICS_ID set", () => {
  it("loads nothing before a choice, nor after refusing", () => {
    render(<Analytics />);
    expect(gtagScripts()).toHaveLength(0);
    act(() => saveConsent(onlyNecessary));
    expect(gtagScripts()).toHaveLength(0);
  });

  it("loads gtag.js once analytics is allowed", () => {
    render(<Analytics />);
    act(() => saveConsent(everything));
    expect(gtagScripts()).toHaveLength(1);
  });
});
