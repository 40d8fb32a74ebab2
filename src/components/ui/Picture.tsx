import { css } from "@emotion/react";
import { pictureMarkup, type ImageData } from "../../lib/picture";
import { breakpoints } from "./theme";

const imgStyle = css`
  display: block;
  width: 100%;
  height: auto;
  object-fit: cover;
  background-size: cover;
  background-position: center;
`;

interface PictureProps {
  image: ImageData;
  alt: string;
  /** The page's largest paint on wide screens, beside the hero text: fetched at once and first there (src/lib/picture.ts). */
  priority?: boolean;
  /** Styles the image itself (Emotion's css prop of the caller arrives here). */
  className?: string;
}

/** An image as plain HTML, in every format the build made, with its blurred preview behind it until it loads. */
export function Picture({ image, alt, priority, className }: PictureProps) {
  const { sources, img, preload, placeholder } = pictureMarkup(image, priority ? { largestPaintMedia: `(min-width: ${breakpoints.lg}px)` } : {});
  return (
    <>
      {preload && <link {...preload} />}
      <picture>
        {sources.map((source) => (
          <source key={source.type ?? source.srcSet} {...source} />
        ))}
        <img {...img} alt={alt} className={className} css={imgStyle} style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined} />
      </picture>
    </>
  );
}
