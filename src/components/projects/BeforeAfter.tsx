import { css } from "@emotion/react";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import { Handle, HandleRoot, Item, Provider, Root } from "react-compare-slider/components";
import { useReactCompareSlider } from "react-compare-slider/hooks";
import { pill } from "../ui/Badge";
import { colors, radius } from "../ui/theme";
import { useInView } from "../ui/useInView";

export interface ComparedImage {
  image: IGatsbyImageData;
  alt: string;
}

const frameStyle = css`
  position: relative;
  aspect-ratio: 4 / 3;
  border-radius: ${radius.card};
  overflow: hidden;
  background: ${colors.line};
  /* The library draws no focus ring; the handle's round button gets ours. */
  [data-rcs="handle-root"]:focus-visible .__rcs-handle-button {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  .gatsby-image-wrapper {
    width: 100%;
    height: 100%;
  }
`;

const labelStyle = css`
  ${pill(colors.slate, colors.white)}
  position: absolute;
  top: 12px;
  z-index: 2;
  pointer-events: none;
`;

const placeholderStyle = css`
  width: 100%;
  height: 100%;
  background-size: cover;
  background-position: center;
`;

/** Until the slider is in view, only the blurred placeholder shows: no image file is fetched. */
function Picture({ picture, inView }: { picture: ComparedImage; inView: boolean }) {
  if (inView) return <GatsbyImage image={picture.image} alt={picture.alt} />;
  const fallback = picture.image.placeholder?.fallback;
  return <div css={placeholderStyle} style={fallback ? { backgroundImage: `url("${fallback}")` } : undefined} role="img" aria-label={picture.alt} />;
}

/**
 * The same roof before and after, on one image: drag the handle, or focus it
 * and use the arrow keys (react-compare-slider). Before is on the left.
 */
export function BeforeAfter({ before, after, label }: { before: ComparedImage; after: ComparedImage; label: string }) {
  const slider = useReactCompareSlider({ keyboardIncrement: "10%" });
  const { ref, inView } = useInView<HTMLDivElement>();
  return (
    <div css={frameStyle} ref={ref}>
      <Provider {...slider}>
        <Root css={{ width: "100%", height: "100%" }}>
          <Item item="itemOne">
            <Picture picture={before} inView={inView} />
          </Item>
          <Item item="itemTwo">
            <Picture picture={after} inView={inView} />
          </Item>
          <HandleRoot aria-label={`${label}: schuif naar links of rechts, of gebruik de pijltjestoetsen, om voor en na te vergelijken`}>
            <Handle />
          </HandleRoot>
        </Root>
      </Provider>
      <span css={[labelStyle, { left: 12 }]} aria-hidden="true">
        Voor
      </span>
      <span css={[labelStyle, { right: 12 }]} aria-hidden="true">
        Na
      </span>
    </div>
  );
}
