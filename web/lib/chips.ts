import { LIST_ITEM_MAX } from '../../shared/profiles';

/** The server's own texts (`labels` in shared/profiles/schemas), so both sides read the same. */
export const chipMessages = {
  blank: 'An entry cannot be blank',
  tooLong: `An entry is at most ${LIST_ITEM_MAX} characters`,
  tooMany: (max: number) => `At most ${max} entries`,
} as const;

export interface ChipsAdded {
  chips: readonly string[];
  problem: string | null;
}

/**
 * Adds one typed label (a skill, an interest...) as the server stores it: trimmed and not twice.
 * A repeat is no error, the member already has it; lengths are UTF-16 units, as the server counts.
 */
export function addChip(chips: readonly string[], typed: string, max: number): ChipsAdded {
  const chip = typed.trim();
  if (chip === '') return { chips, problem: chipMessages.blank };
  if (chip.length > LIST_ITEM_MAX) return { chips, problem: chipMessages.tooLong };
  if (chips.includes(chip)) return { chips, problem: null };
  if (chips.length >= max) return { chips, problem: chipMessages.tooMany(max) };
  return { chips: [...chips, chip], problem: null };
}

export function removeChip(chips: readonly string[], chip: string): readonly string[] {
  return chips.filter((each) => each !== chip);
}
