import { formatNumber } from "../../lib/dutch-format";
import { Icon } from "../../../plugins/gatsby-plugin-first-paint";
import { colors } from "./theme";

/** A rating as five stars, read out as "4 van de 5 sterren". */
export function Stars({ rating, best = 5, onDark = false }: { rating: number; best?: number; onDark?: boolean }) {
  const fill = onDark ? colors.star : colors.starOnWhite;
  return (
    <span role="img" aria-label={`${formatNumber(rating)} van de ${best} sterren`} css={{ display: "inline-flex", gap: 2 }}>
      {Array.from({ length: best }, (_, index) => (
        <Icon name="star" key={index} size={18} color={fill} fill={index < Math.round(rating) ? fill : "none"} />
      ))}
    </span>
  );
}
