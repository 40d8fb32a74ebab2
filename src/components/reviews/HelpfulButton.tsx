import { css } from "@emotion/react";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { helpfulCount } from "../../lib/helpful-votes";
import { buttonStyles } from "../ui/Button";
import { visuallyHidden } from "../ui/a11y";
import { colors, fontSize } from "../ui/theme";

const rowStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding-top: 12px;
  border-top: 1px solid ${colors.line};
  button[aria-pressed="true"] {
    background: ${colors.ink};
    color: ${colors.white};
  }
  p {
    margin: 0;
    font-size: ${fontSize.sm};
    color: ${colors.inkMuted};
  }
`;

interface HelpfulButtonProps {
  reviewName: string;
  count: number;
  voted: boolean;
  onToggle: () => void;
}

/** "Nuttig": one vote per browser, shown in the count and said in words. */
export function HelpfulButton({ reviewName, count, voted, onToggle }: HelpfulButtonProps) {
  return (
    <div css={rowStyle}>
      <button
        type="button"
        css={[buttonStyles.secondary, { minHeight: 44 }]}
        aria-pressed={voted}
        onClick={onToggle}
      >
        <Icon name="thumbsUp" size={18} />
        Nuttig ({helpfulCount(count, voted)})<span css={visuallyHidden}>: review van {reviewName}</span>
      </button>
      <p aria-live="polite">{voted ? "Bedankt, uw stem telt één keer en is bewaard in deze browser." : ""}</p>
    </div>
  );
}
