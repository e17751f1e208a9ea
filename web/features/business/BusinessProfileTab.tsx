import {
  BUSINESS_INDUSTRIES,
  COMPANY_SIZES,
  currentYear,
  FOUNDED_YEAR_MIN,
} from '../../../shared/business';
import { TextField } from '../../components/ui/form-field';
import type { BusinessTabProps } from './businessDraft';
import { BusinessImagesField } from './BusinessImagesField';
import { optionsOf, SelectField, TextAreaField } from '../../components/FormControls';
import { TabForm } from './SaveButton';

/** Name (required), description, industry, founded year, employees, revenue, logo and banner. */
export function BusinessProfileTab({ draft, setField, errors, saving, onSave }: BusinessTabProps) {
  return (
    <TabForm label="Business profile" saving={saving} onSave={onSave}>
      <TextField
        id="business-name"
        label="Business Name *"
        required
        value={draft.name}
        error={errors.name}
        onChange={(event) => setField('name', event.target.value)}
      />
      <TextAreaField
        id="business-description"
        label="Description"
        value={draft.description}
        error={errors.description}
        onChange={(event) => setField('description', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="business-industry"
          label="Industry"
          placeholder="Select industry"
          options={optionsOf(BUSINESS_INDUSTRIES)}
          value={draft.industry}
          error={errors.industry}
          onChange={(event) => setField('industry', event.target.value as typeof draft.industry)}
        />
        <TextField
          id="business-founded"
          label="Founded Year"
          type="number"
          inputMode="numeric"
          min={FOUNDED_YEAR_MIN}
          max={currentYear()}
          value={draft.foundedYear ?? ''}
          error={errors.foundedYear}
          onChange={(event) => {
            const text = event.target.value;
            setField('foundedYear', text === '' ? null : Number(text));
          }}
        />
        <SelectField
          id="business-employees"
          label="Employee Count"
          placeholder="Select size"
          options={COMPANY_SIZES.map((value) => ({ value, label: value }))}
          value={draft.employeeCount}
          error={errors.employeeCount}
          onChange={(event) =>
            setField('employeeCount', event.target.value as typeof draft.employeeCount)
          }
        />
        <TextField
          id="business-revenue"
          label="Annual Revenue"
          value={draft.revenue}
          error={errors.revenue}
          onChange={(event) => setField('revenue', event.target.value)}
        />
      </div>
      <BusinessImagesField draft={draft} setField={setField} errors={errors} />
    </TabForm>
  );
}
