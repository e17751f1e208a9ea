import type { BusinessAccount, BusinessAccountFields } from '../../../shared/business';

/** The fields a save sends: the account without what the server keeps about it. */
export function draftOf(account: BusinessAccount): BusinessAccountFields {
  const { exists: _exists, version: _version, updatedAt: _updatedAt, ...fields } = account;
  return fields;
}

export type FieldErrors = Record<string, string>;

/** Changes one field of the draft. */
export type SetField = <K extends keyof BusinessAccountFields>(
  key: K,
  value: BusinessAccountFields[K],
) => void;

/** What each tab shares: the draft, its setter, the server's errors by dotted path, saving. */
export interface BusinessTabProps {
  draft: BusinessAccountFields;
  setField: SetField;
  errors: FieldErrors;
  saving: boolean;
  onSave: () => void;
}

const LABELS: Record<string, string> = {
  name: 'Business Name',
  description: 'Description',
  industry: 'Industry',
  foundedYear: 'Founded Year',
  employeeCount: 'Employee Count',
  revenue: 'Annual Revenue',
  logo: 'Logo',
  banner: 'Banner',
  website: 'Website',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  country: 'Country',
  services: 'Services',
  certifications: 'Certifications',
  socialLinks: 'Social Links',
  businessHours: 'Business Hours',
};

/** A server error's dotted path as the member reads it: 'Business Hours (friday close)'. */
export function fieldLabel(path: string): string {
  const [top = path, ...rest] = path.split('.');
  const label = LABELS[top] ?? top;
  return top === 'businessHours' && rest.length > 0 ? `${label} (${rest.join(' ')})` : label;
}
