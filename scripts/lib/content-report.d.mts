export declare interface Place {
  /** Path relative to the content folder, such as services/daklekkage.json. */
  file: string;
  /** JSON path such as faq.items[3].answer, or "line 27" in a Markdown file. */
  at: string;
  /** The words around the figure, as the content writes them. */
  quote: string;
}
export declare interface FactValue {
  value: string;
  note?: string;
  places: Place[];
}
export declare type FactKind = "price" | "warranty" | "response time" | "review count";
export declare interface Fact {
  kind: FactKind;
  subject: string;
  values: FactValue[];
  disagrees: boolean;
}
export declare interface ContentProblem {
  file: string;
  /** JSON path, "(file)" for a file that is not valid JSON, or "line 27" in a Markdown file. */
  field: string;
  message: string;
}
export declare interface ContentReport {
  facts: Fact[];
  problems: ContentProblem[];
}
export declare function contentReport(contentDir: string, options?: { projectDir?: string }): ContentReport;
export declare function formatReport(report: ContentReport, options?: { contentLabel?: string }): string;
export declare function formatProblem(problem: ContentProblem, contentLabel?: string): string;
