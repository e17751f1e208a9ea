import { TextField } from '../../components/ui/form-field';
import type { BusinessTabProps } from './businessDraft';
import { TabForm } from './SaveButton';

const FIELDS = [
  { key: 'website', label: 'Website', type: 'url', placeholder: 'https://example.com' },
  { key: 'email', label: 'Email', type: 'email', placeholder: 'contact@example.com' },
  { key: 'phone', label: 'Phone', type: 'tel', placeholder: '+1 (555) 123-4567' },
  { key: 'address', label: 'Address', type: 'text', placeholder: '' },
  { key: 'city', label: 'City', type: 'text', placeholder: '' },
  { key: 'state', label: 'State', type: 'text', placeholder: '' },
  { key: 'zipCode', label: 'ZIP Code', type: 'text', placeholder: '' },
  { key: 'country', label: 'Country', type: 'text', placeholder: '' },
] as const;

/** Website (url), email (email), phone (tel) and the address (`001` §5). */
export function BusinessContactTab({ draft, setField, errors, saving, onSave }: BusinessTabProps) {
  return (
    <TabForm label="Contact information" saving={saving} onSave={onSave}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ key, label, type, placeholder }) => (
          <TextField
            key={key}
            id={`business-${key}`}
            label={label}
            type={type}
            placeholder={placeholder || undefined}
            value={draft[key]}
            error={errors[key]}
            onChange={(event) => setField(key, event.target.value)}
          />
        ))}
      </div>
    </TabForm>
  );
}
