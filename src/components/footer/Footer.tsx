import { css } from "@emotion/react";
import { Link } from "gatsby";
import { drawnLater, Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { servicePath, telHref, townPath } from "../../lib/paths";
import { openConsentSettings } from "../consent/useConsent";
import { useSiteData } from "../layout/useSiteData";
import { ButtonLink } from "../ui/Button";
import { ChatLink } from "../ui/ChatLink";
import { Container } from "../ui/Container";
import { Logo } from "../ui/Logo";
import { colors, fontSize, mq } from "../ui/theme";

const footerStyle = css`
  background: ${colors.slate};
  --focus-ring: ${colors.white};
  color: ${colors.white};
  a:not([class*="css-"]) {
    color: ${colors.white};
    text-decoration: none;
  }
  a:not([class*="css-"]):hover {
    text-decoration: underline;
    color: ${colors.white};
  }
  h2 {
    font-size: ${fontSize.md};
    margin-bottom: 12px;
  }
  ul {
    list-style: none;
  }
  li a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const bannerStyle = css`
  background: ${colors.emergency};
  > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 16px;
    padding-top: 24px;
    padding-bottom: 24px;
  }
  p {
    margin: 0;
    font-size: ${fontSize.md};
    font-weight: 800;
    display: flex;
    align-items: center;
    gap: 12px;
  }
`;

/* Navigation and services side by side even on phones, so the footer stays short. */
const columns = css`
  display: grid;
  gap: 32px 16px;
  padding: 48px 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  > :first-child,
  > :last-child {
    grid-column: 1 / -1;
  }
  ${mq.lg} {
    grid-template-columns: 1.4fr 1fr 1fr 1fr;
    padding: 64px 0;
    > :first-child,
    > :last-child {
      grid-column: auto;
    }
  }
`;

const contactList = css`
  margin: 16px 0 !important;
  li {
    display: flex;
    gap: 8px;
    align-items: center;
    min-height: 44px;
  }
  svg {
    flex: none;
  }
`;

const townList = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 16px;
`;

const bottomRow = css`
  border-top: 1px solid rgba(255, 255, 255, 0.2);
  padding: 24px 0;
  font-size: ${fontSize.sm};
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  justify-content: space-between;
  p {
    margin: 0;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 20px;
  }
  button {
    min-height: 44px;
    padding: 0;
    border: 0;
    background: none;
    color: ${colors.white};
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    text-decoration: underline;
  }
`;

const phoneRows = [
  ["regular", "kantoor"],
  ["regional", "regio"],
  ["mobile", "mobiel"],
  ["emergency", "spoed, 24/7"],
] as const;

export function Footer() {
  const { company, navigation, services } = useSiteData();
  const year = new Date().getFullYear();
  return (
    <footer {...drawnLater} css={footerStyle}>
      <div css={bannerStyle}>
        <Container>
          <p>
            <Icon name="siren" />
            Acute daklekkage? Bel direct onze spoedlijn!
          </p>
          <ButtonLink href={telHref(company.phones.emergency.e164)} variant="light">
            <Icon name="phone" size={20} />
            {company.phones.emergency.display}
          </ButtonLink>
        </Container>
      </div>
      <Container>
        <div css={columns}>
          <div>
            <Logo name={company.name} tagline={company.tagline} tone="light" />
            <p css={{ marginTop: 16 }}>{company.blurb}</p>
            <ul css={contactList}>
              <li>
                <Icon name="mapPin" size={18} />
                <span>
                  {company.address.street}, {company.address.postalCode} {company.address.city}
                </span>
              </li>
              {phoneRows.map(([key, label]) => (
                <li key={key}>
                  <Icon name="phone" size={18} />
                  <a href={telHref(company.phones[key].e164)}>
                    {company.phones[key].display}
                    <span css={{ marginLeft: 6, opacity: 0.85 }}>({label})</span>
                  </a>
                </li>
              ))}
              <li>
                <Icon name="mail" size={18} />
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </li>
            </ul>
            <ChatLink />
          </div>
          <nav aria-labelledby="footer-navigatie">
            <h2 id="footer-navigatie">Navigatie</h2>
            <ul>
              {navigation.main.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-diensten">
            <h2 id="footer-diensten">Diensten</h2>
            <ul>
              {services.map((service) => (
                <li key={service.slug}>
                  <Link to={servicePath(service.slug)}>{service.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-werkgebied">
            <h2 id="footer-werkgebied">Werkgebied</h2>
            <ul css={townList}>
              {company.towns.map((town) => (
                <li key={town.slug}>
                  <Link to={townPath(town.slug)}>{town.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div css={bottomRow}>
          <p>
            © {year} {company.legalName} · KvK {company.kvk}
          </p>
          <ul aria-label="Juridisch">
            {navigation.legal.map((link) =>
              link.href.startsWith("/") && !/\.\w+$/.test(link.href) ? (
                <li key={link.href}>
                  <Link to={link.href}>{link.name}</Link>
                </li>
              ) : (
                <li key={link.href}>
                  <a href={link.href}>{link.name}</a>
                </li>
              ),
            )}
            <li>
              <button type="button" onClick={openConsentSettings}>
                Cookie-instellingen
              </button>
            </li>
          </ul>
        </div>
      </Container>
    </footer>
  );
}
