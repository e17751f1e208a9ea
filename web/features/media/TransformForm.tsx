import { useId, type ReactNode } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import {
  BLUR_MAX,
  FITS,
  FORMATS,
  GRAVITIES,
  ROTATIONS,
  type TransformControls,
} from './transformControls';

const selectClass =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export interface TransformFormProps {
  controls: TransformControls;
  onChange: (controls: TransformControls) => void;
}

/** The CDN's image parameters (002 §9) as a form; every change rebuilds the URL at once. */
export function TransformForm({ controls, onChange }: TransformFormProps) {
  const id = useId();
  const set = <K extends keyof TransformControls>(key: K, value: TransformControls[K]) =>
    onChange({ ...controls, [key]: value });
  const bothSides = controls.width.trim() !== '' && controls.height.trim() !== '';

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Width (px)" id={`${id}-w`}>
        <Input
          id={`${id}-w`}
          type="number"
          inputMode="numeric"
          min={1}
          max={4096}
          placeholder="Original"
          value={controls.width}
          onChange={(e) => set('width', e.target.value)}
        />
      </Field>
      <Field label="Height (px)" id={`${id}-h`}>
        <Input
          id={`${id}-h`}
          type="number"
          inputMode="numeric"
          min={1}
          max={4096}
          placeholder="Original"
          value={controls.height}
          onChange={(e) => set('height', e.target.value)}
        />
      </Field>
      <Field label={`Quality: ${controls.quality}`} id={`${id}-q`}>
        <input
          id={`${id}-q`}
          type="range"
          min={1}
          max={100}
          value={controls.quality}
          disabled={controls.format === 'png'}
          onChange={(e) => set('quality', Number(e.target.value))}
          className="accent-primary"
        />
      </Field>
      <Field label="Format" id={`${id}-f`}>
        <select
          id={`${id}-f`}
          className={selectClass}
          value={controls.format}
          onChange={(e) => set('format', FORMATS.find((f) => f === e.target.value) ?? 'webp')}
        >
          {FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Fit" id={`${id}-fit`}>
        <select
          id={`${id}-fit`}
          className={selectClass}
          value={controls.fit}
          disabled={!bothSides}
          onChange={(e) => set('fit', FITS.find((f) => f === e.target.value) ?? 'cover')}
        >
          {FITS.map((fit) => (
            <option key={fit} value={fit}>
              {fit}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Gravity" id={`${id}-g`}>
        <select
          id={`${id}-g`}
          className={selectClass}
          value={controls.gravity}
          disabled={!bothSides || controls.fit !== 'cover'}
          onChange={(e) => set('gravity', GRAVITIES.find((g) => g === e.target.value) ?? 'center')}
        >
          {GRAVITIES.map((gravity) => (
            <option key={gravity} value={gravity}>
              {gravity}
            </option>
          ))}
        </select>
      </Field>
      <Field label={`Blur: ${controls.blur === 0 ? 'off' : controls.blur}`} id={`${id}-blur`}>
        <input
          id={`${id}-blur`}
          type="range"
          min={0}
          max={BLUR_MAX}
          step={0.5}
          value={controls.blur}
          onChange={(e) => set('blur', Number(e.target.value))}
          className="accent-primary"
        />
      </Field>
      <Field label="Rotate" id={`${id}-rotate`}>
        <select
          id={`${id}-rotate`}
          className={selectClass}
          value={controls.rotate}
          onChange={(e) => set('rotate', ROTATIONS.find((r) => r === Number(e.target.value)) ?? 0)}
        >
          {ROTATIONS.map((rotation) => (
            <option key={rotation} value={rotation}>
              {rotation}°
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input
          type="checkbox"
          checked={controls.sharpen}
          onChange={(e) => set('sharpen', e.target.checked)}
          className="size-4 accent-primary"
        />
        Sharpen
      </label>
    </div>
  );
}
