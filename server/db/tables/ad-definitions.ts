/** The ads an owner set up (002 §3 Advertising), one row per ad. */
export interface AdDefinitionsTable {
  id: string;
  title: string;
  description: string;
  features: string[];
  button_text: string;
  icon: string;
  /** Two `#rrggbb` colours, from and to. */
  gradient: string[];
  accent_color: string;
  badge: string;
  orientation: string;
  priority: number;
  device_target: string;
  active: boolean;
  /** Counts the ad's events, as its stream does. */
  version: number;
}
