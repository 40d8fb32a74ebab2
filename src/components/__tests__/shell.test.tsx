import { render, screen, within } from "@testing-library/react";
import { Footer } from "../footer/Footer";
import { Header } from "../header/Header";
import { BottomBar } from "../layout/BottomBar";
import { mockSiteData } from "./site-data";

const { company, navigation, services } = mockSiteData();

describe("Header", () => {
  it("shows phone and e-mail, the emergency number and the nine links, marking the current section", () => {
    render(<Header pathname="/diensten/daklekkage" />);
    expect(screen.getAllByRole("link", { name: new RegExp(company.phones.regular.display) })[0]).toHaveAttribute(
      "href",
      `tel:${company.phones.regular.e164}`,
    );
    expect(screen.getByRole("link", { name: new RegExp(company.email) })).toHaveAttribute("href", `mailto:${company.email}`);
    // Shown from medium screens up (a media query jsdom does not apply); the e2e tests check visibility.
    expect(document.querySelector(`header a[href="tel:${company.phones.emergency.e164}"]`)).toHaveTextContent(
      `Spoed 24/7 ${company.phones.emergency.display}`,
    );

    // The desktop navigation is hidden below 1240 px by a media query, which jsdom does not apply.
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Hoofdmenu"]')!;
    const links = within(nav).getAllByRole("link", { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(navigation.main.map((link) => link.name));
    const current = links.filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Diensten"]);
  });

  it("has the quote button and a chat button with a roofing question typed in", () => {
    render(<Header pathname="/" />);
    expect(screen.getAllByText("Gratis Offerte")[0].closest("a")).toHaveAttribute("href", "/offerte");
    const chat = screen.getByRole("link", { name: "WhatsApp" });
    const url = new URL(chat.getAttribute("href") ?? "");
    expect(url.hostname).toBe("wa.me");
    expect(url.searchParams.get("text")).toBe(company.chat.header);
    expect(chat).toHaveAttribute("target", "_blank");
  });
});

describe("Footer", () => {
  it("has every part docs/requirements.md lists", () => {
    render(<Footer />);
    expect(screen.getByText("Acute daklekkage? Bel direct onze spoedlijn!")).toBeInTheDocument();
    expect(screen.getByText(company.blurb)).toBeInTheDocument();
    expect(company.blurb).toContain(String(company.foundedYear));
    expect(screen.getByText(new RegExp(`${company.address.street}, ${company.address.postalCode}`))).toBeInTheDocument();
    for (const phone of Object.values(company.phones)) {
      expect(screen.getAllByRole("link", { name: new RegExp(`^${phone.display}`) }).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole("link", { name: company.email })).toHaveAttribute("href", `mailto:${company.email}`);
    expect(screen.getByRole("link", { name: /WhatsApp ons/ })).toBeInTheDocument();

    const lists = ["Navigatie", "Diensten", "Werkgebied"].map((name) => within(screen.getByRole("navigation", { name })).getAllByRole("link"));
    expect(lists[0]).toHaveLength(navigation.main.length);
    expect(lists[1].map((link) => link.getAttribute("href"))).toEqual(services.map((service) => `/diensten/${service.slug}`));
    expect(lists[2].map((link) => link.getAttribute("href"))).toEqual(company.towns.map((town) => `/dakdekker-${town.slug}`));

    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} .* KvK ${company.kvk}`))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacyverklaring" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Algemene voorwaarden" })).toHaveAttribute("href", "/algemene-voorwaarden");
    expect(screen.getByRole("link", { name: "Sitemap" })).toHaveAttribute("href", "/sitemap.xml");
  });
});

describe("BottomBar", () => {
  it("offers chat with the general question, a call and an e-mail", () => {
    render(<BottomBar />);
    const bar = screen.getByRole("navigation", { name: "Direct contact" });
    const [chat, call, mail] = within(bar).getAllByRole("link");
    expect(new URL(chat.getAttribute("href") ?? "").searchParams.get("text")).toBe("Hallo, ik heb een vraag over dakwerk");
    expect(call).toHaveAttribute("href", `tel:${company.phones.regular.e164}`);
    expect(mail).toHaveAttribute("href", `mailto:${company.email}`);
    expect(chat).toHaveAccessibleName("WhatsApp");
  });
});
