// The lobby's catalog, GET /api/games: written by hand after kakehiki/server/catalog.py (games_catalog),
// which is its one source; change both together.

export interface Words {
  en: string;
  ja: string;
}

export interface OptionEntry {
  name: string;
  kind: "bool" | "choice" | "int" | "float" | string;
  default: unknown;
  choices: string[];
  minimum: number | null;
  maximum: number | null;
  ruling: string | null;
  label: string;
  label_ja: string;
  help: string;
  help_ja: string;
  /** how the lobby sets it */
  control: "switch" | "choice" | "seat" | "number";
  advanced: boolean;
  step: number | null;
  /** the words for each of the option's words (auto, choices, none) */
  values: Record<string, Words>;
}

export interface RuleSetEntry {
  id: string;
  name: string;
  name_ja: string;
  summary: string;
  summary_ja: string;
  /** every option's value under this rule set */
  options: Record<string, unknown>;
}

export interface GameEntry {
  id: string;
  version: number;
  title: string;
  title_ja: string;
  players: { min: number; max: number; default: number };
  options: OptionEntry[];
  rule_sets: RuleSetEntry[];
  bots: string[];
  levels: string[];
  page: string | null;
  page_text: Record<string, Record<string, string>>;
}

export interface Clock {
  default: number | string | null;
  minimum: number;
  maximum: number;
}

export interface Catalog {
  games: GameEntry[];
  clocks: Record<string, Clock>;
}
