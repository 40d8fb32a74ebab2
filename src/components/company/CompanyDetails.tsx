import { css } from "@emotion/react";
import { useSiteData } from "../layout/useSiteData";
import { cardStyle } from "../ui/Card";
import { colors } from "../ui/theme";

const listStyle = css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 8px 24px;
  margin: 0;
  dt {
    color: ${colors.inkMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** Who the visitor deals with: legal name, address, KvK and insurance, all from content/company.json. */
export function CompanyDetails({ title }: { title: string }) {
  const { company } = useSiteData();
  const rows: [string, string][] = [
    ["Bedrijfsnaam", company.legalName],
    ["Bezoekadres", company.address.street],
    ["Postcode", company.address.postalCode],
    ["Plaats", company.address.city],
    ["KvK-nummer", company.kvk],
    ["Verzekering", company.insurance.statement],
  ];
  return (
    <div css={cardStyle}>
      <h3 css={{ marginTop: 0 }}>{title}</h3>
      <dl css={listStyle}>
        {rows.map(([label, value]) => (
          <div key={label} css={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
