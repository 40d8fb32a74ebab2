import { css } from "@emotion/react";
import { buttonStyles } from "../ui/Button";
import { colors } from "../ui/theme";

export interface FilterOption {
  /** null stands for all projects. */
  key: string | null;
  label: string;
  count: number;
}

const rowStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 32px;
  padding: 0;
  list-style: none;
  button {
    min-height: 44px;
    padding: 8px 16px;
  }
  button[aria-pressed="true"] {
    background: ${colors.ink};
    border-color: ${colors.ink};
    color: ${colors.white};
  }
`;

interface ProjectFilterProps {
  options: readonly FilterOption[];
  selected: string | null;
  onSelect: (key: string | null) => void;
}

/** The category row of /projecten: toggle buttons with the number of projects each shows. */
export function ProjectFilter({ options, selected, onSelect }: ProjectFilterProps) {
  return (
    <ul css={rowStyle} aria-label="Filter projecten op categorie">
      {options.map((option) => (
        <li key={option.key ?? "alle"}>
          <button type="button" css={buttonStyles.secondary} aria-pressed={option.key === selected} onClick={() => onSelect(option.key)}>
            {option.label} ({option.count})
          </button>
        </li>
      ))}
    </ul>
  );
}
