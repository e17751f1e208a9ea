import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';

export interface SettingSwitchProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange(checked: boolean): void;
}

/** One labelled switch with its explanation, read out with it (aria-describedby). */
export function SettingSwitch({
  id,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: SettingSwitchProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={descriptionId} className="text-[0.8rem] text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        data-testid={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={descriptionId}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
