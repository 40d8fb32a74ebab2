import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { useSiteData } from "../layout/useSiteData";
import { cardStyle } from "../ui/Card";
import { colors } from "../ui/theme";

const tableStyle = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px 0;
    border-bottom: 1px solid ${colors.line};
    text-align: left;
  }
  th {
    font-weight: 400;
  }
  td {
    text-align: right;
    font-weight: 600;
  }
`;

const noteStyle = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 16px 0 0;
  color: ${colors.emergency};
  font-weight: 700;
`;

/** The office hours per day from content/company.json, with the phone's hours and the 24/7 emergency line under them. */
export function OpeningHours({ title }: { title: string }) {
  const { company } = useSiteData();
  return (
    <div css={cardStyle}>
      <table css={tableStyle}>
        <caption css={{ textAlign: "left" }}>
          <h3 css={{ marginTop: 0 }}>{title}</h3>
        </caption>
        <tbody>
          {company.openingHours.map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Telefonisch bereikbaar: {company.phoneHours}.</p>
      <p css={noteStyle}>
        <Icon name="siren" size={20} css={{ flexShrink: 0, marginTop: 2 }} />
        {company.emergencyNote}
      </p>
    </div>
  );
}
