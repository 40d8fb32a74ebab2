import { css } from "@emotion/react";
import { graphql } from "gatsby";
import { cardStyle } from "../ui/Card";
import { Picture } from "../ui/Picture";
import { colors, fontSize } from "../ui/theme";

const cardLayout = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: 0;
  overflow: hidden;
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

const bodyStyle = css`
  display: grid;
  gap: 8px;
  padding: 24px;
`;

const roleStyle = css`
  color: ${colors.actionStrong};
  font-weight: 700;
`;

const factsStyle = css`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 12px;
  margin: 8px 0;
  font-size: ${fontSize.sm};
  dt {
    color: ${colors.inkMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** One person of the team: picture, name, role, experience and specialism. */
export function TeamCard({ member }: { member: Queries.TeamMemberFieldsFragment }) {
  const image = member.image.childImageSharp?.gatsbyImageData;
  return (
    <article css={[cardStyle, cardLayout]}>
      {image && <Picture image={image} alt={member.imageAlt} css={{ aspectRatio: "4 / 3" }} />}
      <div css={bodyStyle}>
        <h3>{member.name}</h3>
        <p css={roleStyle}>{member.role}</p>
        <dl css={factsStyle}>
          <dt>Ervaring</dt>
          <dd>{member.experience}</dd>
          <dt>Specialisme</dt>
          <dd>{member.specialization}</dd>
        </dl>
        <p css={{ color: colors.inkMuted }}>{member.text}</p>
      </div>
    </article>
  );
}

export const teamMemberFields = graphql`
  fragment TeamMemberFields on AboutPageJsonTeamMembersItem {
    name
    role
    experience
    specialization
    text
    imageAlt
    image {
      childImageSharp {
        gatsbyImageData(width: 400, aspectRatio: 1.3333)
      }
    }
  }
`;
