import { iconId, type IconName } from "../../lib/icons";

interface IconProps {
  /** One of src/lib/icons.ts; content-schema holds content files to them. */
  name: IconName;
  /** Width and height in CSS pixels. */
  size?: number;
  /** The stroke colour; the text colour around it by default. */
  color?: string;
  /** Filled drawings, such as a given star. */
  fill?: string;
  className?: string;
}

/**
 * A decorative icon: a reference to its symbol, which every page carries in
 * its HTML (src/lib/icon-sprite.ts), so no drawing is in the script. Its
 * meaning is always in the text beside it.
 */
export function Icon({ name, size = 24, color = "currentColor", fill = "none", className }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      fill={fill}
      stroke={color}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
