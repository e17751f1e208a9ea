import {
  BUSINESS_CERTIFICATIONS_MAX,
  BUSINESS_SERVICES_MAX,
  BUSINESS_SOCIAL_LINKS_MAX,
} from '../../../shared/business';
import { ChipsInput } from '../../components/ChipsInput';
import type { BusinessTabProps, FieldErrors } from './businessDraft';
import { TabForm } from './SaveButton';

/** The first server error of a list: the list's own, else one of its entries'. */
function listError(errors: FieldErrors, key: string): string | undefined {
  const entry = Object.keys(errors).find((name) => name.startsWith(`${key}.`));
  return errors[key] ?? (entry ? errors[entry] : undefined);
}

const LISTS = [
  {
    key: 'services',
    label: 'Services',
    max: BUSINESS_SERVICES_MAX,
    placeholder: 'Add a service',
  },
  {
    key: 'certifications',
    label: 'Certifications',
    max: BUSINESS_CERTIFICATIONS_MAX,
    placeholder: 'Add a certification',
  },
  {
    key: 'socialLinks',
    label: 'Social Links',
    max: BUSINESS_SOCIAL_LINKS_MAX,
    placeholder: 'https://',
  },
] as const;

/** Services, certifications and social links: Enter or Add adds, × removes. */
export function BusinessServicesTab({ draft, setField, errors, saving, onSave }: BusinessTabProps) {
  return (
    <TabForm label="Services" saving={saving} onSave={onSave}>
      {LISTS.map(({ key, label, max, placeholder }) => {
        const error = listError(errors, key);
        return (
          <div key={key} className="grid gap-1.5">
            <ChipsInput
              label={label}
              chips={draft[key]}
              max={max}
              placeholder={placeholder}
              onChange={(chips) => setField(key, [...chips])}
            />
            {error && <p className="text-[0.8rem] font-medium text-destructive">{error}</p>}
          </div>
        );
      })}
    </TabForm>
  );
}
