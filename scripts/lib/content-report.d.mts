export declare interface Place {
  /** Path relative to the content folder, such as services/daklekkage.json. */
  file: string;
  /** The field that states the value, such as startingPriceEuro or services.items[0].price. */
  at: string;
  /** The value as the field writes it. */
  quote: string;
}
export declare interface FactValue {
  value: string;
  places: Place[];
}
export declare type FactKind = "price" | "experience" | "review count";
export declare interface Fact {
  kind: FactKind;
  subject: string;
  values: FactValue[];
  disagrees: boolean;
}
export declare interface ContentProblem {
  file: string;
  /** JSON path, or "line 27" in a Markdown file. */
  field: string;
  message: string;
}
export declare interface ContentReport {
  facts: Fact[];
  problems: ContentProblem[];
}
export declare function contentReport(contentDir: string, options: { listFiles: (dir: string) => string[]; projectDir?: string }): ContentReport;
export declare function formatReport(report: ContentReport, options?: { contentLabel?: string }): string;
export declare function formatProblem(problem: ContentProblem, contentLabel?: string): string;
