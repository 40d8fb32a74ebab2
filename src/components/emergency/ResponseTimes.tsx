import { css } from "@emotion/react";
import { colors, fontSize, mq, radius } from "../ui/theme";

export interface ResponseArea {
  area: string;
  time: string;
  priority: Queries.ResponsePriority;
}

const tableStyle = css`
  width: 100%;
  border-collapse: collapse;
  background: ${colors.white};
  border: 1px solid ${colors.line};
  border-radius: ${radius.card};
  th,
  td {
    padding: 12px 8px;
    text-align: left;
    border-bottom: 1px solid ${colors.line};
    ${mq.md} {
      padding: 12px 16px;
    }
  }
  td {
    white-space: nowrap;
  }
  thead th {
    font-size: ${fontSize.sm};
    color: ${colors.inkMuted};
  }
  tbody th {
    font-weight: 700;
  }
`;

/** Each priority in words and colour, so the table reads without colour too. */
const priorityStyles: Record<Queries.ResponsePriority, ReturnType<typeof css>> = {
  Hoog: css`
    background: ${colors.emergency};
    color: ${colors.white};
  `,
  Gemiddeld: css`
    background: ${colors.slate};
    color: ${colors.white};
  `,
  Standaard: css`
    background: ${colors.sand};
    color: ${colors.ink};
    border: 1px solid ${colors.line};
  `,
};

const pillStyle = css`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${radius.pill};
  font-size: ${fontSize.sm};
  font-weight: 700;
`;

/** How long the emergency service takes to reach each part of the area. */
export function ResponseTimes({ rows, caption }: { rows: readonly ResponseArea[]; caption: string }) {
  return (
    <table css={tableStyle}>
      <caption css={{ textAlign: "left", marginBottom: 8, fontWeight: 700 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Gebied</th>
          <th scope="col">Aanrijtijd</th>
          <th scope="col">Prioriteit</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.area}>
            <th scope="row">{row.area}</th>
            <td>{row.time}</td>
            <td>
              <span css={[pillStyle, priorityStyles[row.priority]]}>{row.priority}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
