import { css } from "@emotion/react";
import { cardColumn, cardGrid, cardStyle } from "../ui/Card";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors, fontSize } from "../ui/theme";

export interface EmergencyService {
  icon: Queries.IconName;
  name: string;
  description: string;
  price: string;
  responseTime: string;
}

const mutedText = css`
  p {
    color: ${colors.inkMuted};
  }
`;

const factsStyle = css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 12px;
  margin: auto 0 0;
  padding-top: 12px;
  border-top: 1px solid ${colors.line};
  dt {
    color: ${colors.inkMuted};
    font-size: ${fontSize.sm};
    align-self: center;
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
`;

/** What the emergency service does, each with what it costs and how fast we come. */
export function EmergencyServiceCards({ services }: { services: readonly EmergencyService[] }) {
  return (
    <ul css={cardGrid(4)}>
      {services.map((service) => (
        <li key={service.name} css={[cardStyle, cardColumn, mutedText]}>
          <h3>
            <Icon name={service.icon} size={24} color={colors.emergency} />
            {service.name}
          </h3>
          <p>{service.description}</p>
          <dl css={factsStyle}>
            <dt>Prijs</dt>
            <dd>{service.price}</dd>
            <dt>Reactietijd</dt>
            <dd>{service.responseTime}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
