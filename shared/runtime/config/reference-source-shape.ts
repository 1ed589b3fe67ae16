/** The shape of a reference table's refresh defaults; the values are generated (reference-source-defaults.ts). */

export interface SourceFileDefaults {
  key: string;
  url: string;
  optional?: boolean;
}

export interface TableSourceDefaults<Table extends string = string> {
  table: Table;
  publisher: string;
  files: SourceFileDefaults[];
  intervalDays: number;
  minRows: number;
}
